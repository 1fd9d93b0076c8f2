import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { StatefulStack } from '../src/stacks/stateful-stack.ts';
import { StatelessStack } from '../src/stacks/stateless-stack.ts';

/** Context keys that once carried provider keys into the template; the keys now live in Secrets Manager. */
const REMOVED_SECRET_CONTEXT = ['stripeSecretKey', 'stripeWebhookSecret', 'openaiApiKey'];

/**
 * Context: `appOrigin` (the site's public origin when it has a custom domain), `apiOriginDomain` with `hostedZoneId` and
 * `hostedZoneName` (the API's own name for CloudFront; its execute-api endpoint is then disabled), `originSecretGeneration`
 * (bumped on each rotation of the origin secret), `bundle=false` (assertion tests only). Owners are made by an operator (infra/README.md, "Owners"). Provider keys (Stripe, OpenAI) are never context: they are
 * Secrets Manager secrets of the stateful stack, set by the operator (infra/README.md).
 */
export function buildApp(app = new App()) {
  const ctx = (k: string) => app.node.tryGetContext(k) as string | undefined;
  const passed = REMOVED_SECRET_CONTEXT.filter((k) => ctx(k) !== undefined);
  if (passed.length) throw new Error(`Context ${passed.join(', ')}: provider keys are no longer passed to CDK. Store them with \`aws secretsmanager put-secret-value\` (infra/README.md, "Provider secrets").`);
  const appOrigin = ctx('appOrigin');
  const [apiOriginDomain, hostedZoneId, hostedZoneName] = [ctx('apiOriginDomain'), ctx('hostedZoneId'), ctx('hostedZoneName')];
  if (apiOriginDomain && !(hostedZoneId && hostedZoneName)) throw new Error('Context apiOriginDomain needs hostedZoneId and hostedZoneName (the Route 53 zone it lives in): infra/README.md, "The API\'s origin name".');
  const stateful = new StatefulStack(app, 'TorcedorStateful', { allowedOrigins: appOrigin ? [appOrigin] : ['https://*.cloudfront.net'] });
  const stateless = new StatelessStack(app, 'TorcedorStateless', {
    stateful,
    bundle: String(ctx('bundle') ?? 'true') !== 'false',
    appOrigin,
    ...(apiOriginDomain ? { apiOriginDomain: { domainName: apiOriginDomain, hostedZoneId: hostedZoneId!, zoneName: hostedZoneName! } } : {}),
    originSecretGeneration: ctx('originSecretGeneration'),
  });
  stateless.addStackDependency(stateful);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stateful, stateless };
}

if (import.meta.url === `file://${process.argv[1]}`) buildApp().app.synth();
