import { App, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { LIVE_SERVICE } from '@torcedor/shared/live';
import { SERVICES, type ServiceName } from '@torcedor/shared/services';
import type { ApiOriginDomain } from '../src/constructs/http-api.ts';
import { ApiStack } from '../src/stacks/api-stack.ts';
import { EdgeStack, FirewallStack } from '../src/stacks/edge-stack.ts';
import { OperationsStack } from '../src/stacks/operations-stack.ts';
import { ServiceStack } from '../src/stacks/service-stack.ts';
import { StatefulStack } from '../src/stacks/stateful-stack.ts';
import { stageFrom } from '../src/stage.ts';

/** Context keys that once carried provider keys into the template; the keys now live in Secrets Manager. */
const REMOVED_SECRET_CONTEXT = ['stripeSecretKey', 'stripeWebhookSecret', 'openaiApiKey'];

/** CloudFront's web ACLs live in this region whatever the app's. */
const CLOUDFRONT_REGION = 'us-east-1';

const title = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/** `-c restoredTables=social=<table name>,humidor=<table name>`: restored copies the services use (infra/README.md). */
function restoredTablesFrom(value: string | undefined): Partial<Record<ServiceName, string>> {
  const out: Partial<Record<ServiceName, string>> = {};
  for (const pair of (value ?? '').split(',').filter(Boolean)) {
    const [service, name] = pair.split('=') as [ServiceName, string | undefined];
    if (!SERVICES.includes(service) || !name || !/^[A-Za-z0-9_.-]{3,255}$/.test(name)) throw new Error(`Context restoredTables: "${pair}" is not <service>=<table name>`);
    out[service] = name;
  }
  return out;
}

function apiOriginDomainFrom(ctx: (k: string) => string | undefined): ApiOriginDomain | undefined {
  const [domainName, hostedZoneId, zoneName] = [ctx('apiOriginDomain'), ctx('hostedZoneId'), ctx('hostedZoneName')];
  if (!domainName) return undefined;
  if (!hostedZoneId || !zoneName) throw new Error('Context apiOriginDomain needs hostedZoneId and hostedZoneName (the Route 53 zone it lives in): infra/README.md, "The API\'s origin name".');
  return { domainName, hostedZoneId, zoneName };
}

/**
 * The stacks of one stage (infra/README.md, "Stacks"): stateful (data, secrets, the alarm topic and budget), API (the
 * HTTP API and the stream functions), edge (CloudFront and its web ACL; the ACL in us-east-1 when the app lives
 * elsewhere), one stack per service, and operations (the dashboard).
 *
 * Context: `stage` (dev or prod), `alarmEmail`, `monthlyBudgetUsd`, `appOrigin` (the site's public origin when it has a
 * custom domain), `apiOriginDomain` with `hostedZoneId` and `hostedZoneName` (the API's own name for CloudFront; its
 * execute-api endpoint is then disabled), `originSecretGeneration` (bumped on each rotation of the origin secret),
 * `restoredTables`, `region` (else the CLI's), `bundle=false` (assertion tests only). Owners are made by an operator
 * (infra/README.md, "Owners"). Provider keys are never context: they are Secrets Manager secrets set by the operator.
 */
export function buildApp(app = new App()) {
  const ctx = (k: string) => app.node.tryGetContext(k) as string | undefined;
  const passed = REMOVED_SECRET_CONTEXT.filter((k) => ctx(k) !== undefined);
  if (passed.length) throw new Error(`Context ${passed.join(', ')}: provider keys are no longer passed to CDK. Store them with \`aws secretsmanager put-secret-value\` (infra/README.md, "Provider secrets").`);
  const stage = stageFrom(ctx);
  const appOrigin = ctx('appOrigin');
  const restoredTables = restoredTablesFrom(ctx('restoredTables'));
  const bundle = String(ctx('bundle') ?? 'true') !== 'false';
  const region = ctx('region') ?? process.env.CDK_DEFAULT_REGION;
  const env: Environment = { account: process.env.CDK_DEFAULT_ACCOUNT, region };
  const name = (part: string) => `${stage.stackPrefix}${part}`;

  const stateful = new StatefulStack(app, name('Stateful'), { env, stage, allowedOrigins: appOrigin ? [appOrigin] : ['https://*.cloudfront.net'] });
  const api = new ApiStack(app, name('Api'), { env, stateful, bundle, appOrigin, apiOriginDomain: apiOriginDomainFrom(ctx), restoredTables });
  const elsewhere = region !== undefined && region !== CLOUDFRONT_REGION;
  const firewall = elsewhere
    ? new FirewallStack(app, name('Firewall'), { env: { ...env, region: CLOUDFRONT_REGION }, stage, crossRegionReferences: true })
    : undefined;
  const edge = new EdgeStack(app, name('Edge'), {
    env, stateful, api, originSecretGeneration: ctx('originSecretGeneration'),
    ...(firewall ? { webAclArn: firewall.webAclArn, crossRegionReferences: true } : {}),
  });
  const origin = appOrigin ?? `https://${edge.distribution.distributionDomainName}`;
  const services = Object.fromEntries(SERVICES.map((service) => [service, new ServiceStack(app, name(title(service)), {
    env, service, stateful, api: api.api, appOrigin: origin, bundle, ...(restoredTables[service] ? { restoredTable: restoredTables[service] } : {}),
    ...(service === LIVE_SERVICE ? { live: api.live } : {}),
  })])) as Record<ServiceName, ServiceStack>;
  const operations = new OperationsStack(app, name('Operations'), { env, stateful, api: api.api, services });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stage, stateful, api, edge, firewall, services, operations };
}

if (import.meta.url === `file://${process.argv[1]}`) buildApp().app.synth();
