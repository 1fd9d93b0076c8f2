import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { StatefulStack } from '../src/stacks/stateful-stack.ts';
import { StatelessStack } from '../src/stacks/stateless-stack.ts';

/**
 * Context: `appOrigin` (the site's public origin when it has a custom domain), `bundle=false`
 * (assertion tests only), `ownerEmails`, and optional provider settings `stripeSecretKey`,
 * `stripeWebhookSecret`, `openaiApiKey` (prefer passing them from a secret store in CI).
 */
export function buildApp(app = new App()) {
  const ctx = (k: string) => app.node.tryGetContext(k) as string | undefined;
  const appOrigin = ctx('appOrigin');
  const stateful = new StatefulStack(app, 'TorcedorStateful', { allowedOrigins: appOrigin ? [appOrigin] : ['https://*.cloudfront.net'] });
  const stateless = new StatelessStack(app, 'TorcedorStateless', {
    stateful,
    bundle: String(ctx('bundle') ?? 'true') !== 'false',
    appOrigin,
    providerSettings: Object.fromEntries(Object.entries({
      OWNER_EMAILS: ctx('ownerEmails'), STRIPE_SECRET_KEY: ctx('stripeSecretKey'), STRIPE_WEBHOOK_SECRET: ctx('stripeWebhookSecret'), OPENAI_API_KEY: ctx('openaiApiKey'),
    }).filter((e): e is [string, string] => !!e[1])),
  });
  stateless.addStackDependency(stateful);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stateful, stateless };
}

if (import.meta.url === `file://${process.argv[1]}`) buildApp().app.synth();
