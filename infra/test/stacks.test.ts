import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedules, subscriptions, servicesWithWorker } from '@torcedor/shared/events';
import { routeKey, routeList } from '@torcedor/shared/routes';
import { SERVICES } from '@torcedor/shared/services';
import { buildApp } from '../bin/app.ts';
import { tableLogicalId } from '../src/constructs/service-tables.ts';
import { POWERTOOLS_LAYER_PARAMETER, POWERTOOLS_VERSION } from '../src/constructs/service-function.ts';

let stateful: Template;
let stateless: Template;
let synthError: unknown;

beforeAll(() => {
  const { app, stateful: a, stateless: b } = buildApp(new App({ context: { bundle: 'false' } }));
  try {
    app.synth(); // runs cdk-nag AwsSolutions: any unacknowledged finding fails the synth
  } catch (err) {
    synthError = err;
  }
  stateful = Template.fromStack(a);
  stateless = Template.fromStack(b);
});

describe('cdk-nag', () => {
  it('reports no unacknowledged AwsSolutions finding', () => {
    expect(synthError).toBeUndefined();
  });
});

describe('stateful stack', () => {
  it('keeps stable logical ids for every store (renaming one would replace its data)', () => {
    const ids = Object.keys(stateful.toJSON().Resources as Record<string, unknown>);
    for (const s of SERVICES) expect(ids).toContain(tableLogicalId(s));
    expect(ids).toEqual(expect.arrayContaining(['MemberUserPool', 'UploadsBucket', 'DomainEventBus']));
  });
  it('makes each table on-demand, recoverable, TTL-enabled and retained, with generated names', () => {
    stateful.resourceCountIs('AWS::DynamoDB::Table', SERVICES.length);
    const tables = stateful.findResources('AWS::DynamoDB::Table');
    for (const t of Object.values(tables) as { Properties: Record<string, any>; DeletionPolicy: string }[]) {
      expect(t.Properties.BillingMode).toBe('PAY_PER_REQUEST');
      expect(t.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(t.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'ttl', Enabled: true });
      expect(t.Properties.TableName).toBeUndefined();
      expect(t.DeletionPolicy).toBe('Retain');
    }
  });
  it('has the owners group', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'owners' });
  });
});

describe('stateless stack', () => {
  it('gives every service function the Powertools layer of the version the code is tested with, and X-Ray tracing', () => {
    expect(POWERTOOLS_LAYER_PARAMETER).toBe(`/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`);
    const params = Object.entries(stateless.toJSON().Parameters as Record<string, { Type: string; Default: string }>)
      .filter(([, p]) => p.Default === POWERTOOLS_LAYER_PARAMETER);
    expect(params).toHaveLength(1);
    const fns = Object.values(stateless.findResources('AWS::Lambda::Function')).filter((f: any) => String(f.Properties.Description ?? '').startsWith('Torcedor '));
    expect(fns.length).toBeGreaterThan(SERVICES.length);
    for (const f of fns as any[]) {
      expect(f.Properties.Layers).toEqual([{ Ref: params[0]![0] }]);
      expect(f.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });
  it('creates exactly one API route per manifest entry', () => {
    const routes = Object.values(stateless.findResources('AWS::ApiGatewayV2::Route')).map((r: any) => r.Properties.RouteKey as string);
    expect(routes.sort()).toEqual(routeList.map(routeKey).sort());
  });
  it('has an HTTP function per service and a worker for each consuming service', () => {
    const fns = Object.values(stateless.findResources('AWS::Lambda::Function')).map((f: any) => f.Properties.Description as string).filter(Boolean);
    for (const s of SERVICES) expect(fns).toContain(`Torcedor ${s} http`);
    for (const s of servicesWithWorker()) expect(fns).toContain(`Torcedor ${s} worker`);
  });
  it('builds one rule per subscription and per schedule, each target with retries and a dead-letter queue', () => {
    const rules = Object.values(stateless.findResources('AWS::Events::Rule')) as any[];
    expect(rules).toHaveLength(subscriptions.length + schedules.length);
    for (const s of subscriptions) {
      expect(rules.some((r) => r.Properties.EventPattern?.['detail-type']?.[0] === s.event && r.Properties.Description === `${s.event} -> ${s.consumer}`)).toBe(true);
    }
    for (const r of rules) {
      for (const t of r.Properties.Targets) {
        expect(t.DeadLetterConfig?.Arn).toBeDefined();
        expect(t.RetryPolicy?.MaximumRetryAttempts).toBe(2);
      }
    }
    const sched = rules.filter((r) => r.Properties.ScheduleExpression);
    expect(sched.map((r) => r.Properties.ScheduleExpression).sort()).toEqual(schedules.map((s) => s.expression).sort());
  });
  it("grants each function its own table only (named indexes, no wildcard)", () => {
    const policies = Object.entries(stateless.findResources('AWS::IAM::Policy')) as [string, any][];
    for (const s of SERVICES) {
      const mine = policies.filter(([id]) => id.startsWith(`${s}http`) || id.startsWith(`${s}worker`));
      expect(mine.length).toBeGreaterThan(0);
      for (const [, p] of mine) {
        const dynamo = p.Properties.PolicyDocument.Statement.filter((st: any) => String(st.Action).includes('dynamodb:'));
        const text = JSON.stringify(dynamo);
        expect(text).toContain(`${tableLogicalId(s)}`);
        for (const other of SERVICES.filter((o) => o !== s)) expect(text).not.toContain(tableLogicalId(other));
        expect(text).not.toContain('index/*');
        expect(text).not.toContain('dynamodb:Scan');
      }
    }
  });
  it('routes /api/* to the API through the CDN and sends security headers', () => {
    stateless.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/api/*' })]) }),
    });
    stateless.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({ SecurityHeadersConfig: Match.objectLike({ FrameOptions: { FrameOption: 'DENY', Override: true } }) }),
    });
  });
});
