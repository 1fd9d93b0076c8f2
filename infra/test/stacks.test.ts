import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, eventSource, MAIL_EVENT_TYPES, mailSubscriptions, schedules, subscriptions, servicesWithWorker } from '@torcedor/shared/events';
import { routeKey, routeList, servicesWithStream } from '@torcedor/shared/routes';
import { INCOMING_PREFIX } from '@torcedor/shared/constants';
import { LOCAL_ONLY_KEYS, MAIL_LINK_SETTING, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SETTING, SERVICE_ENV, VIEWER_ADDRESS_HEADER, type FunctionKind } from '@torcedor/shared/runtime';
import { LIVE_PATH, LIVE_SERVICE, servicesWithSocket } from '@torcedor/shared/live';
import { SERVICES, type ServiceName } from '@torcedor/shared/services';
import { BUSINESS_METRICS } from '@torcedor/shared/metrics';
import { buildApp } from '../bin/app.ts';
import { PROVIDER_SECRETS, SECRET_ARN_SUFFIX, type ProviderSecretName } from '../src/constructs/provider-secrets.ts';
import { tableLogicalId } from '../src/constructs/service-tables.ts';
import { POWERTOOLS_LAYER_PARAMETER, POWERTOOLS_VERSION } from '../src/constructs/service-function.ts';
import { WebDistribution } from '../src/constructs/web-distribution.ts';
import { IDENTITY_ADMIN_ACTIONS } from '../src/constructs/service-access.ts';

/** The app as `cdk synth` builds it: cdk.json's context (its feature flags) and the test's own. */
const FLAGS = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
const appWith = (context: Record<string, unknown> = {}) => new App({ context: { ...FLAGS, bundle: 'false', ...context } });

/** Every stack but the stateful one, read as one template (logical ids are unique across them). */
class Stacks {
  constructor(readonly templates: Template[]) {}
  findResources(type: string, props?: unknown): Record<string, unknown> {
    return Object.assign({}, ...this.templates.map((t) => t.findResources(type, props)));
  }
  hasResourceProperties(type: string, props: unknown): void {
    const found = this.templates.some((t) => Object.keys(t.findResources(type, { Properties: Match.objectLike(props as Record<string, unknown>) })).length > 0);
    if (!found) throw new Error(`no ${type} with ${JSON.stringify(props)}`);
  }
  toJSON(): { Resources: Record<string, unknown>; Parameters: Record<string, unknown> } {
    const all = this.templates.map((t) => t.toJSON() as { Resources?: Record<string, unknown>; Parameters?: Record<string, unknown> });
    return { Resources: Object.assign({}, ...all.map((j) => j.Resources ?? {})), Parameters: Object.assign({}, ...all.map((j) => j.Parameters ?? {})) };
  }
}

let built: ReturnType<typeof buildApp>;
let stateful: Template;
let stateless: Stacks;
let synthError: unknown;

beforeAll(() => {
  built = buildApp(appWith({ alarmEmail: 'ops@torcedor.example' }));
  try {
    built.app.synth(); // runs cdk-nag AwsSolutions: any unacknowledged finding fails the synth
  } catch (err) {
    synthError = err;
  }
  stateful = Template.fromStack(built.stateful);
  stateless = new Stacks([built.api, built.edge, ...Object.values(built.services), built.operations].map((st) => Template.fromStack(st)));
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
    for (const def of Object.values(PROVIDER_SECRETS)) expect(ids).toContain(def.logicalId);
  });
  it('makes each table on-demand, recoverable and TTL-enabled, with generated names; retained and protected in prod, removable in dev', () => {
    const prod = Template.fromStack(buildApp(appWith({ stage: 'prod' })).stateful);
    for (const [template, stage] of [[stateful, 'dev'], [prod, 'prod']] as const) {
      template.resourceCountIs('AWS::DynamoDB::Table', SERVICES.length);
      const tables = template.findResources('AWS::DynamoDB::Table');
      for (const t of Object.values(tables) as { Properties: Record<string, any>; DeletionPolicy: string }[]) {
        expect(t.Properties.BillingMode).toBe('PAY_PER_REQUEST');
        expect(t.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
        expect(t.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'ttl', Enabled: true });
        expect(t.Properties.TableName).toBeUndefined();
        expect(t.DeletionPolicy, stage).toBe(stage === 'prod' ? 'Retain' : 'Delete');
        expect(Boolean(t.Properties.DeletionProtectionEnabled), stage).toBe(stage === 'prod');
      }
      const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0] as { DeletionPolicy: string; Properties: Record<string, any> };
      expect(pool.DeletionPolicy, stage).toBe(stage === 'prod' ? 'Retain' : 'Delete');
      expect(pool.Properties.DeletionProtection, stage).toBe(stage === 'prod' ? 'ACTIVE' : 'INACTIVE');
    }
  });
  it('has the owners group', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'owners' });
  });
  it('turns self sign-up off: only the identity service creates pool users (admin calls)', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPool', { AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: true }) });
  });
  it('creates each provider secret, retained, with a generated placeholder and no value in the template', () => {
    // The generated secrets (the origin secret, the mail link key) have tests of their own.
    const secrets = (Object.entries(stateful.findResources('AWS::SecretsManager::Secret')) as [string, any][]).filter(([id]) => id !== 'OriginVerifySecret' && id !== 'MailLinkSecret');
    expect(secrets.map(([id]) => id).sort()).toEqual(Object.values(PROVIDER_SECRETS).map((d) => d.logicalId).sort());
    for (const [id, r] of secrets) {
      const def = Object.values(PROVIDER_SECRETS).find((d) => d.logicalId === id)!;
      expect(r.Properties.Name).toBe(`torcedor/dev/${def.secretName}`);
      expect(r.Properties.SecretString).toBeUndefined();
      expect(JSON.parse(r.Properties.GenerateSecretString.SecretStringTemplate)).toEqual({ unset: true });
      expect(r.DeletionPolicy).toBe('Retain');
    }
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
    const routes = Object.values(stateless.findResources('AWS::ApiGatewayV2::Route')).map((r: any) => r.Properties.RouteKey as string).filter((k) => !k.startsWith('$'));
    expect(routes.sort()).toEqual(routeList.filter((r) => !r.stream).map(routeKey).sort());
  });
  it('sends each streamed route from the CDN to its service\'s stream function URL (IAM auth, response streaming), ahead of /api/*', () => {
    const urls = Object.values(stateless.findResources('AWS::Lambda::Url')) as any[];
    expect(urls).toHaveLength(servicesWithStream().length);
    for (const u of urls) expect(u.Properties).toMatchObject({ AuthType: 'AWS_IAM', InvokeMode: 'RESPONSE_STREAM' });
    const dist = Object.values(stateless.findResources('AWS::CloudFront::Distribution'))[0] as any;
    const patterns = (dist.Properties.DistributionConfig.CacheBehaviors as any[]).map((b) => b.PathPattern as string);
    const streamed = routeList.filter((r) => r.stream).map((r) => r.path);
    expect(streamed.length).toBeGreaterThan(0);
    for (const p of streamed) expect(patterns.indexOf(p)).toBeGreaterThanOrEqual(0);
    for (const p of streamed) expect(patterns.indexOf(p)).toBeLessThan(patterns.indexOf('/api/*'));
  });
  it('has an HTTP function per service and a worker for each consuming service', () => {
    const fns = Object.values(stateless.findResources('AWS::Lambda::Function')).map((f: any) => f.Properties.Description as string).filter(Boolean);
    for (const s of SERVICES) expect(fns).toContain(`Torcedor ${s} http`);
    for (const s of servicesWithWorker()) expect(fns).toContain(`Torcedor ${s} worker`);
  });
  it('builds one rule per subscription and per schedule, each target with retries and a dead-letter queue', () => {
    const rules = Object.values(stateless.findResources('AWS::Events::Rule')) as any[];
    // SES's events have their rules on the default bus (tested under 'email (SES v2)').
    expect(rules).toHaveLength(subscriptions.length + schedules.length + mailSubscriptions.length);
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
      const mine = policies.filter(([id]) => new RegExp(`^${s}(http|worker|socket)FnServiceRoleDefaultPolicy`).test(id));
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

/** The role policies of a service's functions, by kind, from their logical ids (`<service><kind>Fn...`). */
const policiesOf = (service: ServiceName, kind: FunctionKind) =>
  (Object.entries(stateless.findResources('AWS::IAM::Policy')) as [string, any][]).filter(([id]) => id.startsWith(`${service}${kind}Fn`));
const statements = (policies: [string, any][]) => policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
const actionsOf = (st: any): string[] => [st.Action].flat();
const allStatements = () => statements(Object.entries(stateless.findResources('AWS::IAM::Policy')) as [string, any][]);
/** How another stack names a stateful resource (its output's name carries the resource's logical id), as text. */
const imported = (value: any): string => JSON.stringify(value ?? '');
const ORIGIN_SECRET_ARN = `${ORIGIN_VERIFY_SETTING}${SECRET_ARN_SUFFIX}`;
const MAIL_LINK_SECRET_ARN = `${MAIL_LINK_SETTING}${SECRET_ARN_SUFFIX}`;
/** A grant on a provider secret (Stripe, OpenAI): a Secrets Manager statement on anything but the origin secret. */
const readsProviderSecret = (st: any) => actionsOf(st).some((a) => a.startsWith('secretsmanager:')) && providerSecretsOf(st).length > 0;
/** The provider secrets a statement names (the origin secret left out). */
const providerSecretsOf = (st: any): string[] => [st.Resource].flat().map(imported).filter((r) => !r.includes('OriginVerifySecret') && !r.includes('MailLinkSecret'));
const serviceFunctions = () => (Object.entries(stateless.findResources('AWS::Lambda::Function')) as [string, any][])
  .filter(([, f]) => String(f.Properties.Description ?? '').startsWith('Torcedor '));

describe('security rules', () => {
  it('lets a function put events on the bus with its own service source only, and only if its service publishes', () => {
    const publishers = new Set(Object.values(domainEvents).map((e) => e.source));
    expect(publishers.size).toBeGreaterThan(0);
    for (const st of allStatements().filter((x) => actionsOf(x).some((a) => a.startsWith('events:')))) {
      // No grantPutEventsTo-style statement without a source condition anywhere in the stack.
      expect(actionsOf(st)).toEqual(['events:PutEvents']);
      expect(st.Condition?.StringEquals?.['events:source']).toBeDefined();
    }
    for (const s of SERVICES) {
      for (const kind of ['http', ...(servicesWithWorker().includes(s) ? ['worker' as const] : [])] as const) {
        const put = statements(policiesOf(s, kind)).filter((x) => actionsOf(x).includes('events:PutEvents'));
        if (!publishers.has(s)) {
          expect(put, `${s} ${kind}`).toHaveLength(0);
          continue;
        }
        expect(put, `${s} ${kind}`).toHaveLength(1);
        expect(put[0].Effect).toBe('Allow');
        expect(put[0].Condition).toEqual({ StringEquals: { 'events:source': [eventSource(s)] } });
        expect(imported(put[0].Resource)).toContain('DomainEventBusArn');
      }
    }
  });

  it("gives Cognito admin actions to identity's HTTP function alone, on the member pool", () => {
    const cognito = (policies: [string, any][]) => statements(policies).filter((x) => actionsOf(x).some((a) => a.startsWith('cognito-idp:')));
    const all = cognito(Object.entries(stateless.findResources('AWS::IAM::Policy')) as [string, any][]);
    const mine = cognito(policiesOf('identity', 'http'));
    expect(mine).toHaveLength(1);
    expect(all).toEqual(mine);
    expect(actionsOf(mine[0]).sort()).toEqual([...IDENTITY_ADMIN_ACTIONS].sort());
    expect(imported(mine[0].Resource)).toContain('MemberUserPoolArn');
    expect(actionsOf(mine[0])).not.toContain('cognito-idp:AdminConfirmSignUp');
    expect(cognito(policiesOf('identity', 'worker'))).toHaveLength(0);
  });

  it('never puts a provider key in a function environment; billing, ai, marketing and humidor get secret ARNs, and read access to those only', () => {
    const provider = Object.keys(PROVIDER_SECRETS) as ProviderSecretName[];
    // Services whose SERVICE_ENV lists a `<KEY>_SECRET_ARN`, with the keys.
    const expected = new Map<ServiceName, ProviderSecretName[]>();
    for (const s of SERVICES) {
      const keys = SERVICE_ENV[s].map((k) => k.replace(/\?$/, '')).filter((k) => k.endsWith(SECRET_ARN_SUFFIX)).map((k) => k.slice(0, -SECRET_ARN_SUFFIX.length))
        .filter((k): k is ProviderSecretName => k !== ORIGIN_VERIFY_SETTING && k !== MAIL_LINK_SETTING);
      if (keys.length) expected.set(s, keys);
    }
    expect([...expected.keys()].sort()).toEqual(['ai', 'billing', 'humidor', 'marketing']);
    expect(expected.get('billing')!.sort()).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(expected.get('ai')).toEqual(['OPENAI_API_KEY']);
    expect(expected.get('marketing')).toEqual(['OPENAI_API_KEY']);
    expect(expected.get('humidor')).toEqual(['OPENAI_API_KEY']);

    const fns = serviceFunctions();
    expect(fns.length).toBeGreaterThan(SERVICES.length);
    for (const [id, f] of fns) {
      const service = String(f.Properties.Description).split(' ')[1] as ServiceName;
      const kind = String(f.Properties.Description).split(' ')[2] as FunctionKind;
      const vars = (f.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      for (const k of provider) expect(vars[k], `${id} ${k}`).toBeUndefined();
      const arns = Object.keys(vars).filter((k) => k.endsWith(SECRET_ARN_SUFFIX) && k !== ORIGIN_SECRET_ARN && k !== MAIL_LINK_SECRET_ARN).sort();
      const mine = expected.get(service) ?? [];
      expect(arns, id).toEqual(mine.map((k) => `${k}${SECRET_ARN_SUFFIX}`).sort());
      for (const k of mine) expect(imported(vars[`${k}${SECRET_ARN_SUFFIX}`])).toContain(PROVIDER_SECRETS[k].logicalId);
      // Read grants: exactly this service's secrets, on the secret itself.
      const reads = statements(policiesOf(service, kind)).filter(readsProviderSecret);
      const resources = reads.flatMap(providerSecretsOf).sort();
      expect(resources, id).toHaveLength(mine.length);
      for (const k of mine) expect(resources.some((r) => r.includes(PROVIDER_SECRETS[k].logicalId)), `${id} reads ${k}`).toBe(true);
      for (const x of reads) expect(actionsOf(x).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    }
    // Nothing else in the stack may read a secret.
    const readers = allStatements().filter(readsProviderSecret).flatMap(providerSecretsOf);
    const functionsOf = (s: ServiceName) => 1 + (servicesWithWorker().includes(s) ? 1 : 0) + (servicesWithStream().includes(s) ? 1 : 0);
    const granted = [...expected.entries()].flatMap(([s, keys]) => keys.length * functionsOf(s));
    expect(readers).toHaveLength(granted.reduce((a, b) => a + b, 0));
  });

  it('refuses provider keys passed as CDK context', () => {
    for (const key of ['stripeSecretKey', 'stripeWebhookSecret', 'openaiApiKey']) {
      expect(() => buildApp(appWith({ [key]: 'sk_live_x' }))).toThrow(/put-secret-value/);
    }
  });

  it('sends the events every worker failed on (after 2 retries) to an encrypted, SSL-only failure queue kept 14 days', () => {
    const configs = Object.values(stateless.findResources('AWS::Lambda::EventInvokeConfig')) as any[];
    const queues = stateless.findResources('AWS::SQS::Queue');
    const policies = Object.values(stateless.findResources('AWS::SQS::QueuePolicy')) as any[];
    const workers = serviceFunctions().filter(([, f]) => String(f.Properties.Description).endsWith(' worker'));
    expect(workers).toHaveLength(servicesWithWorker().length);
    for (const [id] of workers) {
      const mine = configs.filter((c) => c.Properties.FunctionName?.Ref === id);
      expect(mine, id).toHaveLength(1);
      const c = mine[0].Properties;
      expect(c.MaximumRetryAttempts).toBe(2);
      expect(c.MaximumEventAgeInSeconds).toBeGreaterThan(0);
      const [queueId, attr] = c.DestinationConfig?.OnFailure?.Destination?.['Fn::GetAtt'] ?? [];
      expect(attr).toBe('Arn');
      const q = queues[queueId] as any;
      expect(q, `${id} failure queue`).toBeDefined();
      expect(q.Properties.SqsManagedSseEnabled).toBe(true);
      expect(q.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
      const ssl = policies.filter((p) => p.Properties.Queues.some((r: any) => r.Ref === queueId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement)
        .find((st: any) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false');
      expect(ssl, `${queueId} enforces SSL`).toBeDefined();
      // The worker may send its failures there.
      const send = statements(Object.entries(stateless.findResources('AWS::IAM::Policy')).filter(([pid]) => pid.startsWith(id.replace(/Fn[0-9A-F]{8}$/, 'Fn'))) as [string, any][])
        .filter((st) => actionsOf(st).includes('sqs:SendMessage'));
      expect(send.some((st) => JSON.stringify(st.Resource).includes(queueId)), `${id} may send to ${queueId}`).toBe(true);
    }
  });

  it('alarms on the first message of every dead-letter and failure queue', () => {
    const rules = Object.values(stateless.findResources('AWS::Events::Rule')) as any[];
    const dlqs = rules.flatMap((r) => r.Properties.Targets.map((t: any) => t.DeadLetterConfig?.Arn?.['Fn::GetAtt']?.[0]));
    const failures = (Object.values(stateless.findResources('AWS::Lambda::EventInvokeConfig')) as any[])
      .map((c) => c.Properties.DestinationConfig?.OnFailure?.Destination?.['Fn::GetAtt']?.[0]);
    const watched = new Set([...dlqs, ...failures]);
    expect([...watched].every(Boolean)).toBe(true);
    // Every queue of the stack is one of them (nothing else queues events), so every queue is watched.
    const queues = Object.keys(stateless.findResources('AWS::SQS::Queue'));
    expect([...watched].sort()).toEqual(queues.sort());
    const alarms = Object.values(stateless.findResources('AWS::CloudWatch::Alarm')) as any[];
    for (const q of queues) {
      const mine = alarms.filter((a) => a.Properties.Namespace === 'AWS/SQS' && a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible'
        && a.Properties.Dimensions?.some((d: any) => d.Name === 'QueueName' && d.Value?.['Fn::GetAtt']?.[0] === q && d.Value['Fn::GetAtt'][1] === 'QueueName'));
      expect(mine, `alarm on ${q}`).toHaveLength(1);
      expect(mine[0].Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1, TreatMissingData: 'notBreaching' });
    }
  });

  it("pins the CSP's connect-src and img-src to the uploads bucket's regional host (no *.amazonaws.com)", () => {
    // The site's policy; the uploads behaviour has its own (see 'uploads' below).
    const policies = (Object.values(stateless.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as any[])
      .filter((p) => p.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy !== WebDistribution.UPLOADS_CSP);
    expect(policies).toHaveLength(1);
    for (const p of policies) {
      const csp = p.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
      expect(JSON.stringify(csp)).not.toContain('amazonaws.com');
      // Resolve the template's join, with the imported bucket host as UPLOADS_HOST.
      const parts: any[] = typeof csp === 'string' ? [csp] : csp['Fn::Join'][1];
      const text = parts.map((x) => (typeof x === 'string' ? x : imported(x).includes('UploadsBucketRegionalDomainName') ? 'UPLOADS_HOST' : '?')).join('');
      const directives = new Map(text.split(';').map((d: string) => d.trim().split(/\s+/)).map(([k, ...v]) => [k!, v]));
      for (const d of ['connect-src', 'img-src']) {
        expect(directives.get(d), d).toContain('https://UPLOADS_HOST');
        expect(directives.get(d)!.filter((src) => src.includes('*')), d).toEqual([]);
      }
      expect(text).not.toContain('?');
    }
  });
});

describe('fit for AWS', () => {
  it('gives no deployed function a local-only setting: no local-stack flag (local payment provider), no stand-in endpoint, no Stripe override', () => {
    const fns = serviceFunctions();
    expect(fns.length).toBeGreaterThan(SERVICES.length);
    for (const [id, f] of fns) {
      const vars = (f.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      for (const k of LOCAL_ONLY_KEYS) expect(vars[k], `${id} ${k}`).toBeUndefined();
      // No value points at this machine either.
      expect(JSON.stringify(vars), id).not.toMatch(/localhost|127\.0\.0\.1/);
    }
  });

  it("forwards CloudFront-Viewer-Address to /api (and streamed routes) and adds the origin secret, read from Secrets Manager, to those origins", () => {
    const policies = (Object.entries(stateless.findResources('AWS::CloudFront::OriginRequestPolicy')) as [string, any][]).filter(([id]) => !id.includes('LiveRequests'));
    expect(policies).toHaveLength(1);
    const config = policies[0]![1].Properties.OriginRequestPolicyConfig;
    expect(config.HeadersConfig.HeaderBehavior).toBe('whitelist');
    expect(config.HeadersConfig.Headers).toContain(VIEWER_ADDRESS_HEADER);
    expect(config.HeadersConfig.Headers).not.toContain('host');
    const dist = (Object.values(stateless.findResources('AWS::CloudFront::Distribution'))[0] as any).Properties.DistributionConfig;
    const apiBehaviours = dist.CacheBehaviors.filter((b: any) => b.PathPattern.startsWith('/api/') && b.PathPattern !== LIVE_PATH);
    expect(apiBehaviours.length).toBe(1 + routeList.filter((r) => r.stream).length);
    const policyId = policies[0]![0];
    for (const b of apiBehaviours) {
      expect(b.OriginRequestPolicyId, b.PathPattern).toEqual({ Ref: policyId });
      const origin = dist.Origins.find((o: any) => o.Id === b.TargetOriginId);
      const header = origin.OriginCustomHeaders.find((h: any) => h.HeaderName === ORIGIN_VERIFY_HEADER);
      // A dynamic reference to the stateful stack's secret, resolved by CloudFormation at deploy: no value in the template.
      const value = JSON.stringify(header.HeaderValue);
      expect(value, b.PathPattern).toContain('{{resolve:secretsmanager:');
      expect(value, b.PathPattern).toContain(':SecretString:current::}}');
      expect(value).toContain('OriginVerifySecret');
    }
    const secret = stateful.findResources('AWS::SecretsManager::Secret')['OriginVerifySecret'] as any;
    expect(secret.DeletionPolicy).toBe('Retain');
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.Properties.GenerateSecretString).toMatchObject({ GenerateStringKey: 'current', SecretStringTemplate: JSON.stringify({ previous: '' }) });
  });

  it('gives the origin secret to the functions that count by address (identity, marketing), read-only, and to no other', () => {
    for (const [id, f] of serviceFunctions()) {
      const [, service, kind] = String(f.Properties.Description).split(' ') as [string, ServiceName, FunctionKind];
      const wanted = SERVICE_ENV[service].includes(`${ORIGIN_SECRET_ARN}?`);
      const vars = (f.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      expect(vars[ORIGIN_VERIFY_SETTING], id).toBeUndefined();
      expect(vars[ORIGIN_SECRET_ARN] !== undefined, id).toBe(wanted);
      const reads = statements(policiesOf(service, kind)).filter((x) => imported(x.Resource).includes('OriginVerifySecret'));
      expect(reads.length > 0, id).toBe(wanted);
      for (const x of reads) expect(actionsOf(x).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    }
    expect(SERVICES.filter((s) => SERVICE_ENV[s].includes(`${ORIGIN_SECRET_ARN}?`)).sort()).toEqual(['identity', 'marketing']);
  });

  it('signs members in through identity alone: the app client allows the admin password flow and refresh, never the public password flow', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPoolClient', { ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] });
    expect(IDENTITY_ADMIN_ACTIONS).toContain('cognito-idp:AdminInitiateAuth');
  });

  it("with the API's origin name: the execute-api endpoint is disabled and CloudFront reaches the API by that name only", () => {
    const b = buildApp(appWith({ apiOriginDomain: 'api-origin.torcedor.example', hostedZoneId: 'Z0123456789ABCDEFGHIJ', hostedZoneName: 'torcedor.example' }));
    const t = new Stacks([Template.fromStack(b.api), Template.fromStack(b.edge)]);
    t.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    t.hasResourceProperties('AWS::ApiGatewayV2::DomainName', { DomainName: 'api-origin.torcedor.example' });
    t.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', {});
    t.hasResourceProperties('AWS::Route53::RecordSet', { Name: 'api-origin.torcedor.example.', Type: 'A' });
    const dist = (Object.values(t.findResources('AWS::CloudFront::Distribution'))[0] as any).Properties.DistributionConfig;
    const api = dist.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    expect(dist.Origins.find((o: any) => o.Id === api.TargetOriginId).DomainName).toBe('api-origin.torcedor.example');
    expect(() => buildApp(appWith({ apiOriginDomain: 'api-origin.torcedor.example' }))).toThrow(/hostedZoneId/);
  });

  it("a rotation's generation changes the distribution, so the deploy gives CloudFront the secret's new value", () => {
    const comment = (t: Template | Stacks) => (Object.values(t.findResources('AWS::CloudFront::Distribution'))[0] as any).Properties.DistributionConfig.Comment;
    const next = Template.fromStack(buildApp(appWith({ originSecretGeneration: '2' })).edge);
    expect(comment(next)).not.toEqual(comment(stateless));
  });
});

describe('uploads', () => {
  const distribution = () => (Object.values(stateless.findResources('AWS::CloudFront::Distribution'))[0] as any).Properties.DistributionConfig;
  const uploadsServices = SERVICES.filter((s) => SERVICE_ENV[s].includes('UPLOADS_BUCKET'));

  it('serves /uploads/* from the private uploads bucket through Origin Access Control, GET and HEAD only', () => {
    const d = distribution();
    const b = d.CacheBehaviors.find((x: any) => x.PathPattern === '/uploads/*');
    expect(b).toBeDefined();
    expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(b.ViewerProtocolPolicy).toBe('redirect-to-https');
    const origin = d.Origins.find((o: any) => o.Id === b.TargetOriginId);
    expect(imported(origin.DomainName)).toContain('UploadsBucketRegionalDomainName');
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    const oacId = origin.OriginAccessControlId?.['Fn::GetAtt']?.[0];
    const oac = stateless.findResources('AWS::CloudFront::OriginAccessControl')[oacId] as any;
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
  });

  it('answers uploads with nosniff, inline, a private 5-minute cache and a CSP that runs nothing', () => {
    const b = distribution().CacheBehaviors.find((x: any) => x.PathPattern === '/uploads/*');
    const policy = stateless.findResources('AWS::CloudFront::ResponseHeadersPolicy')[b.ResponseHeadersPolicyId.Ref] as any;
    const config = policy.Properties.ResponseHeadersPolicyConfig;
    expect(config.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    expect(config.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: WebDistribution.UPLOADS_CSP, Override: true });
    expect(WebDistribution.UPLOADS_CSP).toMatch(/default-src 'none'.*sandbox/);
    expect(config.CustomHeadersConfig.Items).toEqual(expect.arrayContaining([
      { Header: 'Content-Disposition', Value: 'inline', Override: true },
      { Header: 'Cache-Control', Value: 'private, max-age=300', Override: true },
    ]));
  });

  it("lets CloudFront of this account read uploads/* alone; the bucket stays private and lets the app origin POST (presigned POSTs), never PUT", () => {
    const bucket = stateful.findResources('AWS::S3::Bucket')['UploadsBucket'] as any;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    const cors = bucket.Properties.CorsConfiguration.CorsRules;
    expect(cors.some((r: any) => r.AllowedMethods.includes('POST') && r.AllowedOrigins.includes('https://*.cloudfront.net'))).toBe(true);
    expect(cors.some((r: any) => r.AllowedMethods.includes('PUT'))).toBe(false);
    const custom = Template.fromStack(buildApp(appWith({ appOrigin: 'https://torcedor.example' })).stateful);
    const customCors = (custom.findResources('AWS::S3::Bucket')['UploadsBucket'] as any).Properties.CorsConfiguration.CorsRules;
    expect(customCors.some((r: any) => r.AllowedMethods.includes('POST') && r.AllowedOrigins.join() === 'https://torcedor.example')).toBe(true);

    const policy = Object.values(stateful.findResources('AWS::S3::BucketPolicy')).find((p: any) => p.Properties.Bucket.Ref === 'UploadsBucket') as any;
    const allows = policy.Properties.PolicyDocument.Statement.filter((st: any) => st.Effect === 'Allow');
    expect(allows).toHaveLength(1);
    expect(allows[0].Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(allows[0].Action).toBe('s3:GetObject');
    expect(JSON.stringify(allows[0].Resource)).toContain('/uploads/*');
    expect(allows[0].Condition.StringEquals['AWS:SourceAccount']).toEqual({ Ref: 'AWS::AccountId' });
    expect(JSON.stringify(allows[0].Condition.ArnLike['AWS:SourceArn'])).toContain(':distribution/*');
  });

  it('keeps every version of registered uploads, expires noncurrent ones after 30 days, and every unregistered upload (incoming/) after a day', () => {
    const bucket = stateful.findResources('AWS::S3::Bucket')['UploadsBucket'] as any;
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = bucket.Properties.LifecycleConfiguration.Rules as any[];
    expect(rules).toContainEqual({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' });
    const incoming = rules.filter((r) => r.Prefix === `${INCOMING_PREFIX}/`);
    expect(incoming).toEqual([{
      Id: 'ExpireUnregisteredUploads', Prefix: 'incoming/', Status: 'Enabled', ExpirationInDays: 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 }, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
    }]);
    // No rule expires registered pictures: they go when their post, their profile or their account does.
    expect(rules.filter((r) => r.ExpirationInDays !== undefined && r.Prefix !== 'incoming/')).toEqual([]);
  });

  it('tells identity, social and humidor (band scan) the uploads bucket, and lets their functions read, write and delete incoming/* and uploads/* only', () => {
    expect(uploadsServices.sort()).toEqual(['humidor', 'identity', 'social']);
    for (const [id, f] of serviceFunctions()) {
      const service = String(f.Properties.Description).split(' ')[1] as ServiceName;
      const kind = String(f.Properties.Description).split(' ')[2] as FunctionKind;
      const vars = (f.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      const s3 = statements(policiesOf(service, kind)).filter((x) => actionsOf(x).some((a) => a.startsWith('s3:')));
      if (!uploadsServices.includes(service)) {
        expect(vars.UPLOADS_BUCKET, id).toBeUndefined();
        expect(s3, id).toEqual([]);
        continue;
      }
      // Named by the stage (buckets.ts uploadsBucketName): torcedor-dev-uploads-<account>-<region>.
      expect(imported(vars.UPLOADS_BUCKET), id).toContain('torcedor-dev-uploads-');
      const actions = s3.flatMap(actionsOf);
      expect(actions, id).toEqual(expect.arrayContaining(['s3:GetObject*', 's3:PutObject', 's3:DeleteObject*']));
      expect(actions, id).not.toContain('s3:*');
      expect(actions, id).not.toContain('s3:PutBucketPolicy');
      // Object actions reach incoming/* and uploads/* and nothing else of the bucket.
      const objectResources = s3.flatMap((x) => [x.Resource].flat()).filter((r: any) => r['Fn::Join']).map((r: any) => r['Fn::Join'][1]);
      for (const parts of objectResources) expect(JSON.stringify(parts), id).toContain('torcedor-dev-uploads-');
      // Beside the bucket itself (the List* of CDK's read grant), only objects under incoming/ and uploads/.
      const objects = objectResources.map((parts: any[]) => String(parts.at(-1))).filter((last) => last.endsWith('*'));
      expect(new Set(objects.map((last) => last.replace(/^.*(\/(incoming|uploads)\/\*)$/, '$1'))), id).toEqual(new Set(['/incoming/*', '/uploads/*']));
    }
  });
});

describe('operations', () => {
  const everyStack = () => [built.stateful, built.api, built.edge, ...Object.values(built.services), built.operations];
  const alarmsOf = (stack: import('aws-cdk-lib').Stack) => Object.values(Template.fromStack(stack).findResources('AWS::CloudWatch::Alarm')) as any[];
  const allAlarms = () => everyStack().flatMap(alarmsOf);
  const named = (name: string) => allAlarms().filter((a) => a.Properties.AlarmName === `torcedor-dev-${name}`);

  it('sends every alarm of every stack, ALARM and OK, to the stage topic, to which the operator is subscribed by email', () => {
    const alarms = allAlarms();
    expect(alarms.length).toBeGreaterThan(50);
    const topicId = Object.keys(stateful.findResources('AWS::SNS::Topic'))[0]!;
    for (const a of alarms) {
      expect(a.Properties.AlarmActions, a.Properties.AlarmName).toHaveLength(1);
      expect(a.Properties.OKActions, a.Properties.AlarmName).toHaveLength(1);
      expect(JSON.stringify(a.Properties.AlarmActions), a.Properties.AlarmName).toContain(topicId);
    }
    stateful.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'torcedor-dev-alarms' });
    stateful.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@torcedor.example' });
  });

  it('gives every function, queue, table, outbox, the API, the pool and the mail its alarms, computed from the manifests', () => {
    const expected: string[] = ['api-5xx-rate', 'api-latency-p99', 'user-pool-throttles', 'mail-bounce-rate', 'mail-complaint-rate'];
    for (const s of SERVICES) {
      expected.push(`${s}-http-errors`, `${s}-http-throttles`, `${s}-table-throttles`, `${s}-table-system-errors`);
      if (servicesWithWorker().includes(s)) {
        expected.push(`${s}-worker-errors`, `${s}-worker-throttles`, `${s}-worker-event-age`, `${s}-failures`, `${s}-dead-letters`);
      }
      if (schedules.some((x) => x.name === `outbox-relay-${s}`)) expected.push(`${s}-outbox-age`);
    }
    for (const s of servicesWithStream()) expected.push(`${s}-stream-errors`, `${s}-stream-throttles`);
    for (const s of servicesWithSocket()) expected.push(`${s}-socket-errors`, `${s}-socket-throttles`);
    for (const name of expected) expect(named(name), name).toHaveLength(1);
    // Nothing else: every alarm is one of these.
    expect(allAlarms().map((a) => a.Properties.AlarmName).sort()).toEqual(expected.map((n) => `torcedor-dev-${n}`).sort());
  });

  it('keeps every stack under 250 resources, with one API permission per HTTP function (not one per route)', () => {
    for (const stack of [...everyStack(), ...(built.firewall ? [built.firewall] : [])]) {
      const count = Object.keys(Template.fromStack(stack).toJSON().Resources ?? {}).length;
      expect(count, stack.stackName).toBeLessThanOrEqual(250);
    }
    for (const s of SERVICES) {
      const perms = Object.values(Template.fromStack(built.services[s]).findResources('AWS::Lambda::Permission'))
        .filter((p: any) => p.Properties.Principal === 'apigateway.amazonaws.com');
      expect(perms, s).toHaveLength(1);
      expect(JSON.stringify((perms[0] as any).Properties.SourceArn)).toContain('/*/*/*');
    }
  });

  it('publishes every function as a version behind a live alias that routes, rules and URLs invoke, deployed 10% for 5 minutes with rollback on its errors alarm', () => {
    for (const stack of [built.api, ...Object.values(built.services)]) {
      const t = Template.fromStack(stack);
      const fns = (Object.entries(t.findResources('AWS::Lambda::Function')) as [string, any][]).filter(([, f]) => String(f.Properties.Description ?? '').startsWith('Torcedor '));
      const aliases = Object.entries(t.findResources('AWS::Lambda::Alias')) as [string, any][];
      const groups = t.findResources('AWS::CodeDeploy::DeploymentGroup') as Record<string, any>;
      const alarms = t.findResources('AWS::CloudWatch::Alarm') as Record<string, any>;
      expect(fns.length, stack.stackName).toBeGreaterThan(0);
      for (const [id, f] of fns) {
        const alias = aliases.find(([, a]) => a.Properties.FunctionName?.Ref === id);
        expect(alias, id).toBeDefined();
        expect(alias![1].Properties.Name).toBe('live');
        expect(alias![1].Properties.FunctionVersion['Fn::GetAtt'][1]).toBe('Version');
        const update = alias![1].UpdatePolicy?.CodeDeployLambdaAliasUpdate;
        const group = groups[update?.DeploymentGroupName?.Ref];
        expect(group, id).toBeDefined();
        expect(group.Properties.DeploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
        expect(group.Properties.AutoRollbackConfiguration).toMatchObject({ Enabled: true, Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']) });
        const [rollback] = group.Properties.AlarmConfiguration.Alarms.map((a: any) => a.Name.Ref);
        expect(alarms[rollback].Properties.AlarmName, id).toBe(`torcedor-dev-${String(f.Properties.Description).split(' ').slice(1).join('-')}-errors`);
      }
      const aliasIds = new Set(aliases.map(([aid]) => aid));
      for (const i of Object.values(t.findResources('AWS::ApiGatewayV2::Integration')) as any[]) {
        // An HTTP API integration names the alias; a WebSocket one its invocation URI, built from the alias.
        const uri = i.Properties.IntegrationUri;
        const target = uri.Ref ?? uri['Fn::Join']?.[1]?.find((part: any) => part?.Ref && !String(part.Ref).startsWith('AWS::'))?.Ref;
        expect(aliasIds.has(target), stack.stackName).toBe(true);
      }
      for (const r of Object.values(t.findResources('AWS::Events::Rule')) as any[]) {
        for (const target of r.Properties.Targets) expect(aliasIds.has(target.Arn.Ref), JSON.stringify(target.Arn)).toBe(true);
      }
      for (const u of Object.values(t.findResources('AWS::Lambda::Url')) as any[]) expect(u.Properties.Qualifier).toBe('live');
    }
  });

  it('protects the prod stateful stack from termination, archives the domain bus, and watches the month\'s spend', () => {
    const prod = buildApp(appWith({ stage: 'prod', monthlyBudgetUsd: '250' }));
    expect(prod.stateful.terminationProtection).toBe(true);
    expect(built.stateful.terminationProtection).toBe(false);
    stateful.hasResourceProperties('AWS::Events::Archive', { ArchiveName: 'torcedor-dev-domain-events', RetentionDays: 365 });
    const budget = Template.fromStack(prod.stateful).findResources('AWS::Budgets::Budget');
    const b = (Object.values(budget)[0] as any).Properties;
    expect(b.Budget).toMatchObject({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 250, Unit: 'USD' } });
    expect(b.NotificationsWithSubscribers).toHaveLength(2);
    for (const n of b.NotificationsWithSubscribers) expect(n.Subscribers[0].SubscriptionType).toBe('SNS');
    expect(() => buildApp(appWith({ monthlyBudgetUsd: '-5' }))).toThrow(/monthlyBudgetUsd/);
    expect(() => buildApp(appWith({ stage: 'staging' }))).toThrow(/stage=staging/);
  });

  it('names stacks, the pool, secrets, parameters, functions, alarms and the topic by stage, so dev and prod live side by side', () => {
    const names = (b: ReturnType<typeof buildApp>) => {
      const all = [b.stateful, b.api, b.edge, ...Object.values(b.services), b.operations].map((st) => ({ stack: st.stackName, t: Template.fromStack(st).toJSON() }));
      // Every named resource but the alias, which is `live` in every stage by design.
      const values = all.flatMap(({ t }) => Object.values((t.Resources ?? {}) as Record<string, any>).filter((r) => r.Type !== 'AWS::Lambda::Alias').flatMap((r) =>
        [r.Properties?.Name, r.Properties?.UserPoolName, r.Properties?.FunctionName, r.Properties?.AlarmName, r.Properties?.TopicName, r.Properties?.DashboardName]
          .filter((v) => typeof v === 'string')));
      return { stacks: all.map((x) => x.stack), values };
    };
    const dev = names(built);
    const prod = names(buildApp(appWith({ stage: 'prod' })));
    expect(dev.stacks.every((n) => n.startsWith('TorcedorDev'))).toBe(true);
    expect(prod.stacks.every((n) => n.startsWith('TorcedorProd'))).toBe(true);
    expect(dev.values.length).toBeGreaterThan(50);
    // Named by us (torcedor-dev-…, torcedor/dev/…) or by CDK from the stack's name (the bus: TorcedorDevStateful…).
    for (const v of dev.values) expect(v, v).toMatch(/^\/?(torcedor[-/]dev[-/]|TorcedorDev)/);
    for (const v of prod.values) expect(v, v).toMatch(/^\/?(torcedor[-/]prod[-/]|TorcedorProd)/);
    expect(dev.values.filter((v) => prod.values.includes(v))).toEqual([]);
  });

  it('puts an AWS WAF web ACL (common rules, known bad inputs, a rate limit per address) on the distribution, in us-east-1 wherever the app lives', () => {
    const edge = Template.fromStack(built.edge);
    const acl = Object.entries(edge.findResources('AWS::WAFv2::WebACL')) as [string, any][];
    expect(acl).toHaveLength(1);
    expect(acl[0]![1].Properties.Scope).toBe('CLOUDFRONT');
    expect(acl[0]![1].Properties.Rules.map((r: any) => r.Name)).toEqual(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'RatePerAddress']);
    expect(acl[0]![1].Properties.Rules[2].Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: 2000 });
    const dist = (Object.values(edge.findResources('AWS::CloudFront::Distribution'))[0] as any).Properties.DistributionConfig;
    expect(dist.WebACLId).toEqual({ 'Fn::GetAtt': [acl[0]![0], 'Arn'] });
    const elsewhere = buildApp(appWith({ region: 'eu-west-1' }));
    expect(elsewhere.firewall?.region).toBe('us-east-1');
    expect(Object.keys(Template.fromStack(elsewhere.firewall!).findResources('AWS::WAFv2::WebACL'))).toHaveLength(1);
    expect(Object.keys(Template.fromStack(elsewhere.edge).findResources('AWS::WAFv2::WebACL'))).toHaveLength(0);
    expect(JSON.stringify((Object.values(Template.fromStack(elsewhere.edge).findResources('AWS::CloudFront::Distribution'))[0] as any).Properties.DistributionConfig.WebACLId)).not.toBe('undefined');
  });

  it('draws one dashboard: the API, each service\'s requests, errors and p50/p99, its table, queues and outbox, and the business numbers', () => {
    const dash = Object.values(Template.fromStack(built.operations).findResources('AWS::CloudWatch::Dashboard')) as any[];
    expect(dash).toHaveLength(1);
    expect(dash[0].Properties.DashboardName).toBe('torcedor-dev-operations');
    const body = JSON.stringify(dash[0].Properties.DashboardBody);
    for (const s of SERVICES) expect(body, s).toContain(`${s}: requests and errors`);
    for (const s of servicesWithWorker()) expect(body, s).toContain(`${s}: failed events and outbox age`);
    for (const m of BUSINESS_METRICS) expect(body, m).toContain(`MetricName=\\\\\\"${m}\\\\\\"`);
    expect(body).toContain('ConsumedWriteCapacityUnits');
    expect(body).toContain('p99');
  });

  it('carries every recommended feature flag of the CDK version in use (so synth prints no feature-flag warning), and the context file', () => {
    const recommended = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'node_modules', 'aws-cdk-lib', 'recommended-feature-flags.json'), 'utf8')) as Record<string, unknown>;
    for (const [flag, value] of Object.entries(recommended)) expect(FLAGS[flag], flag).toEqual(value);
    expect(existsSync(join(import.meta.dirname, '..', '..', 'cdk.context.json'))).toBe(true);
  });
});

describe('restore', () => {
  it("points a service's functions at a restored copy of its table (-c restoredTables), environment and grants, and refuses a malformed one", () => {
    const b = buildApp(appWith({ restoredTables: 'social=torcedor-dev-social-restored' }));
    const t = Template.fromStack(b.services.social);
    const fns = (Object.entries(t.findResources('AWS::Lambda::Function')) as [string, any][]).filter(([, f]) => String(f.Properties.Description ?? '').startsWith('Torcedor '));
    expect(fns).toHaveLength(2);
    for (const [, f] of fns) expect(f.Properties.Environment.Variables.TABLE_NAME).toBe('torcedor-dev-social-restored');
    const dynamo = (Object.values(t.findResources('AWS::IAM::Policy')) as any[]).flatMap((p) => p.Properties.PolicyDocument.Statement).filter((st: any) => String(st.Action).includes('dynamodb:'));
    expect(dynamo.length).toBeGreaterThan(0);
    for (const st of dynamo) expect(JSON.stringify(st.Resource)).toContain('table/torcedor-dev-social-restored');
    // The other services keep their own tables.
    expect(JSON.stringify(Template.fromStack(b.services.humidor).toJSON())).not.toContain('restored');
    expect(() => buildApp(appWith({ restoredTables: 'nosuch=abc' }))).toThrow(/restoredTables/);
  });
});

describe('cost choices', () => {
  it("makes the user pool's feature plan the operator's choice, lite by default; threat protection on plus only", () => {
    const pool = (t: Template) => (Object.values(t.findResources('AWS::Cognito::UserPool'))[0] as any).Properties;
    expect(pool(stateful).UserPoolTier).toBe('LITE');
    expect(pool(stateful).UserPoolAddOns).toBeUndefined();
    const plus = pool(Template.fromStack(buildApp(appWith({ userPoolPlan: 'plus' })).stateful));
    expect(plus.UserPoolTier).toBe('PLUS');
    expect(plus.UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
    expect(() => buildApp(appWith({ userPoolPlan: 'gold' }))).toThrow(/userPoolPlan/);
  });

  it('caps each table\'s on-demand throughput when the operator asks (a spend guard), and not otherwise', () => {
    const guarded = Template.fromStack(buildApp(appWith({ tableMaxReadUnits: '4000', tableMaxWriteUnits: '1000' })).stateful);
    for (const t of Object.values(guarded.findResources('AWS::DynamoDB::Table')) as any[]) {
      expect(t.Properties.OnDemandThroughput).toEqual({ MaxReadRequestUnits: 4000, MaxWriteRequestUnits: 1000 });
    }
    for (const t of Object.values(stateful.findResources('AWS::DynamoDB::Table')) as any[]) expect(t.Properties.OnDemandThroughput).toBeUndefined();
    expect(() => buildApp(appWith({ tableMaxWriteUnits: 'many' }))).toThrow(/tableMaxWriteUnits/);
  });
});

describe('live delivery', () => {
  const api = () => Template.fromStack(built.api);
  it("answers $connect, $disconnect and $default with the live service's socket function (its live alias), on a stage named by the deployment", () => {
    const routes = Object.values(api().findResources('AWS::ApiGatewayV2::Route')).map((r: any) => r.Properties.RouteKey).sort();
    expect(routes).toEqual(['$connect', '$default', '$disconnect']);
    api().hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    api().hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'torcedor-dev-live', AutoDeploy: true, AccessLogSettings: Match.objectLike({}) });
    const uris = Object.values(api().findResources('AWS::ApiGatewayV2::Integration')).map((i: any) => JSON.stringify(i.Properties.IntegrationUri));
    expect(uris).toHaveLength(3);
    const socketAlias = Object.entries(api().findResources('AWS::Lambda::Alias')).find(([id]) => id.startsWith(`${LIVE_SERVICE}socket`))![0];
    for (const u of uris) expect(u).toContain(socketAlias);
  });
  it('sends LIVE_PATH from the CDN to the stage, ahead of /api/*, with the handshake headers, the cookies and the origin secret, never cached', () => {
    const dist = (Object.values(stateless.findResources('AWS::CloudFront::Distribution'))[0] as any).Properties.DistributionConfig;
    const patterns = dist.CacheBehaviors.map((b: any) => b.PathPattern);
    expect(patterns.indexOf(LIVE_PATH)).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf(LIVE_PATH)).toBeLessThan(patterns.indexOf('/api/*'));
    const live = dist.CacheBehaviors.find((b: any) => b.PathPattern === LIVE_PATH);
    expect(live.ViewerProtocolPolicy).toBe('https-only');
    const origin = dist.Origins.find((o: any) => o.Id === live.TargetOriginId);
    expect(origin.OriginPath).toBe('/torcedor-dev-live');
    expect(JSON.stringify(origin.DomainName)).toContain('execute-api');
    expect(JSON.stringify(origin.OriginCustomHeaders)).toContain('OriginVerifySecret');
    const [, policy] = (Object.entries(stateless.findResources('AWS::CloudFront::OriginRequestPolicy')) as [string, any][]).find(([id]) => id.includes('LiveRequests'))!;
    const config = policy.Properties.OriginRequestPolicyConfig;
    expect(config.CookiesConfig.CookieBehavior).toBe('all');
    expect(config.HeadersConfig.Headers).toEqual(expect.arrayContaining(['sec-websocket-key', 'sec-websocket-version', 'origin', 'x-forwarded-host', VIEWER_ADDRESS_HEADER]));
    expect(config.HeadersConfig.Headers).not.toContain('host');
    const rewrite = Object.values(stateless.findResources('AWS::CloudFront::Function')).map((f: any) => f.Properties.FunctionCode as string).find((c) => c.includes("r.uri = '/'"));
    expect(rewrite).toContain('x-forwarded-host');
  });
  it('lets only the live service worker and socket manage connections, of its own stage alone, and tells them where (LIVE_ENDPOINT)', () => {
    const managers = (Object.entries(stateless.findResources('AWS::IAM::Policy')) as [string, any][])
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('execute-api:ManageConnections'));
    expect(managers.map(([id]) => id.replace(/LivePush.*$/, '')).sort()).toEqual([`${LIVE_SERVICE}socket`, `${LIVE_SERVICE}worker`]);
    for (const [, p] of managers) {
      const [st] = p.Properties.PolicyDocument.Statement;
      expect(st.Action).toBe('execute-api:ManageConnections');
      expect(JSON.stringify(st.Resource)).toContain('/torcedor-dev-live/*/@connections/*');
    }
    for (const [id, f] of serviceFunctions()) {
      const [, service, kind] = String(f.Properties.Description).split(' ') as [string, ServiceName, FunctionKind];
      const vars = (f.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      const wanted = service === LIVE_SERVICE && kind !== 'stream';
      expect(vars.LIVE_ENDPOINT !== undefined, id).toBe(wanted);
      if (wanted) expect(JSON.stringify(vars.LIVE_ENDPOINT), id).toContain('/torcedor-dev-live');
    }
  });
});

describe('email (SES v2)', () => {
  it('keeps one configuration set with SES suppression of bounces and complaints, reputation metrics, and every sending event on the default bus', () => {
    stateful.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: 'torcedor-dev-mail',
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      ReputationOptions: { ReputationMetricsEnabled: true },
    });
    const destinations = Object.values(stateful.findResources('AWS::SES::ConfigurationSetEventDestination')) as any[];
    expect(destinations).toHaveLength(1);
    const d = destinations[0].Properties.EventDestination;
    expect(d.Enabled).toBe(true);
    expect([...d.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint', 'delivery', 'reject', 'send']);
    expect(JSON.stringify(d.EventBridgeDestination)).toContain('event-bus/default');
    // Easy DKIM signing is SES's default for a domain identity (no attribute needed).
    stateful.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'torcedor.example' });
    const alarms = Object.values(stateful.findResources('AWS::CloudWatch::Alarm')) as any[];
    for (const name of ['torcedor-dev-mail-bounce-rate', 'torcedor-dev-mail-complaint-rate']) {
      const a = alarms.find((x) => x.Properties.AlarmName === name);
      expect(a, name).toBeDefined();
      expect(a.Properties.AlarmActions, name).toHaveLength(1);
    }
  });

  it('lets only the services that send email send, from the club address alone, with their sender and configuration set', () => {
    const senders = SERVICES.filter((s) => SERVICE_ENV[s].includes('MAIL_FROM'));
    expect(senders).toContain('identity');
    for (const s of SERVICES) {
      const ses = statements([...policiesOf(s, 'http'), ...policiesOf(s, 'worker')]).filter((st) => actionsOf(st).some((a) => a.startsWith('ses:')));
      if (!senders.includes(s)) {
        expect(ses, s).toEqual([]);
        continue;
      }
      expect(ses.length, s).toBeGreaterThan(0);
      for (const st of ses) {
        expect(actionsOf(st)).toEqual(['ses:SendEmail']);
        expect(st.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'club@torcedor.example' } });
        expect(imported(st.Resource)).toContain('identity/torcedor.example');
      }
    }
    const identityHttp = serviceFunctions().find(([id]) => id.startsWith('identityhttpFn'))!;
    const vars = identityHttp[1].Properties.Environment.Variables;
    expect(vars.MAIL_FROM).toBe('Torcedor <club@torcedor.example>');
    expect(imported(vars.MAIL_CONFIGURATION_SET)).toMatch(/Mail|mail/);
  });

  it('gives the services that send email the unsubscribe link key by ARN only (a generated, retained secret), and no one else', () => {
    const secret = Object.entries(stateful.findResources('AWS::SecretsManager::Secret')).find(([id]) => id === 'MailLinkSecret');
    expect(secret).toBeDefined();
    expect((secret![1] as any).DeletionPolicy).toBe('Retain');
    expect((secret![1] as any).Properties.GenerateSecretString.GenerateStringKey).toBe('current');
    for (const [id, f] of serviceFunctions()) {
      const vars = (f.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      const service = SERVICES.find((s) => id.startsWith(s))!;
      const sends = SERVICE_ENV[service].some((k) => k.startsWith('MAIL_LINK_KEY_SECRET_ARN'));
      expect(vars.MAIL_LINK_KEY, id).toBeUndefined();
      if (sends) expect(imported(vars.MAIL_LINK_KEY_SECRET_ARN), id).toContain('MailLinkSecret');
      else expect(vars.MAIL_LINK_KEY_SECRET_ARN, id).toBeUndefined();
    }
  });

  it("forwards SES's delivery, bounce and complaint events from the default bus to the workers that record them, with the workers' dead-letter queue", () => {
    const rules = (Object.values(stateless.findResources('AWS::Events::Rule')) as any[]).filter((r) => r.Properties.EventPattern?.source?.[0] === 'aws.ses');
    expect(rules).toHaveLength(mailSubscriptions.length);
    for (const m of mailSubscriptions) {
      const rule = rules.find((r) => r.Properties.Description === `SES ${m.outcomes.join(', ')} -> ${m.consumer}`);
      expect(rule, m.consumer).toBeDefined();
      expect(rule.Properties.EventBusName).toBe('default');
      const wanted = Object.entries(MAIL_EVENT_TYPES).filter(([, o]) => (m.outcomes as readonly string[]).includes(o)).map(([t]) => t).sort();
      expect([...rule.Properties.EventPattern['detail-type']].sort()).toEqual(wanted);
      expect(rule.Properties.Targets).toHaveLength(1);
      expect(imported(rule.Properties.Targets[0].Arn)).toContain(`${m.consumer}workerLive`);
      expect(rule.Properties.Targets[0].DeadLetterConfig).toBeDefined();
    }
  });

  it("takes the sender from -c mailFrom, and refuses one that is not an address", () => {
    const t = Template.fromStack(buildApp(appWith({ mailFrom: 'Torcedor <hello@mail.torcedor.club>' })).stateful);
    t.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.torcedor.club' });
    const paced = buildApp(appWith({ mailSendPerSecond: '50' }));
    const marketingHttp = Object.values(Template.fromStack(paced.services.marketing).findResources('AWS::Lambda::Function')) as any[];
    expect(marketingHttp.some((f) => f.Properties.Environment?.Variables?.MAIL_SEND_PER_SECOND === '50')).toBe(true);
    expect(serviceFunctions().every(([, f]) => f.Properties.Environment?.Variables?.MAIL_SEND_PER_SECOND === undefined)).toBe(true);
    expect(() => buildApp(appWith({ mailFrom: 'not an address' }))).toThrow(/mailFrom/);
  });
});
