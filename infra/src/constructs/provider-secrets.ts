import { RemovalPolicy } from 'aws-cdk-lib';
import { CfnSecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import type { Stage } from '../stage.ts';
import { acknowledge } from './nag.ts';

/**
 * Third-party API keys (named `torcedor/<stage>/<secretName>`), by the environment variable the local stack sets in plain text. In AWS a function
 * gets `<NAME>_SECRET_ARN` instead and reads the value at run time (services/kit/src/secrets.ts).
 */
export const PROVIDER_SECRETS = {
  STRIPE_SECRET_KEY: { secretName: 'stripe-secret-key', logicalId: 'StripeSecretKeySecret', description: 'Stripe secret API key (sk_...)' },
  STRIPE_WEBHOOK_SECRET: { secretName: 'stripe-webhook-secret', logicalId: 'StripeWebhookSecretSecret', description: 'Stripe webhook signing secret (whsec_...)' },
  OPENAI_API_KEY: { secretName: 'openai-api-key', logicalId: 'OpenaiApiKeySecret', description: 'OpenAI API key (sk-...)' },
} as const;
export type ProviderSecretName = keyof typeof PROVIDER_SECRETS;
export const isProviderSecretName = (name: string): name is ProviderSecretName => Object.hasOwn(PROVIDER_SECRETS, name);

/** Suffix of the variable carrying a provider secret's ARN (services/kit/src/secrets.ts reads the same). */
export const SECRET_ARN_SUFFIX = '_SECRET_ARN';

/**
 * The provider secrets, created without their value: CloudFormation generates a placeholder
 * `{"unset":true,"placeholder":"<random>"}` (never in the template), which readSecret() takes as "not
 * configured". The operator sets the real value once with `aws secretsmanager put-secret-value`; later
 * deployments leave it alone (the generation settings never change). Retained: they hold operator data.
 */
export class ProviderSecrets extends Construct {
  readonly secrets = {} as Record<ProviderSecretName, Secret>;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    for (const [name, def] of Object.entries(PROVIDER_SECRETS) as [ProviderSecretName, (typeof PROVIDER_SECRETS)[ProviderSecretName]][]) {
      const secret = new Secret(this, name, {
        secretName: props.stage.secretName(def.secretName),
        description: `${def.description}. Set with: aws secretsmanager put-secret-value --secret-id ${props.stage.secretName(def.secretName)} --secret-string <value>`,
        generateSecretString: { secretStringTemplate: JSON.stringify({ unset: true }), generateStringKey: 'placeholder', excludePunctuation: true },
        removalPolicy: RemovalPolicy.RETAIN,
      });
      (secret.node.defaultChild as CfnSecret).overrideLogicalId(def.logicalId);
      acknowledge(secret, 'SMG4', 'A third-party API key: it is rotated in the provider\'s dashboard and then stored with put-secret-value; a rotation Lambda cannot mint provider keys.');
      this.secrets[name] = secret;
    }
  }
}

/**
 * Non-secret provider settings, by the environment variable a function gets: SSM parameters created with the
 * value `unset` (which the services read as "not configured"); the operator sets them once with
 * `aws ssm put-parameter --overwrite`, and the next deployment passes the value to the functions.
 */
export const PROVIDER_PARAMETERS = {
  STRIPE_PRICE_ID: { parameterName: 'stripe/price-id', description: "Stripe Price id of the $9.99/month premium plan (price_...)" },
  STRIPE_PUBLISHABLE_KEY: { parameterName: 'stripe/publishable-key', description: "Stripe publishable key for the page's Payment Element (pk_...)" },
} as const;
export type ProviderParameterName = keyof typeof PROVIDER_PARAMETERS;
export const isProviderParameterName = (name: string): name is ProviderParameterName => Object.hasOwn(PROVIDER_PARAMETERS, name);
/** The value a provider parameter holds until the operator sets it. */
export const UNSET_PARAMETER = 'unset';

export class ProviderParameters extends Construct {
  readonly parameters = {} as Record<ProviderParameterName, StringParameter>;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    for (const [name, def] of Object.entries(PROVIDER_PARAMETERS) as [ProviderParameterName, (typeof PROVIDER_PARAMETERS)[ProviderParameterName]][]) {
      this.parameters[name] = new StringParameter(this, name, {
        parameterName: props.stage.parameterName(def.parameterName),
        description: `${def.description}. Set with: aws ssm put-parameter --overwrite --name ${props.stage.parameterName(def.parameterName)} --value <value>`,
        stringValue: UNSET_PARAMETER,
      });
    }
  }
}

/**
 * A secret Secrets Manager generates at creation (never in a template), `{"current": <48 characters>, "previous": ""}`,
 * retained with its stable logical id: the functions accept both values, so it rotates without downtime by the runbook
 * in infra/README.md ("Rotating a secret"), which `rotation` says why a rotation Lambda does not replace.
 */
class RotatingSecret extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, p: { stage: Stage; name: string; description: string; logicalId: string; rotation: string }) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      secretName: p.stage.secretName(p.name),
      description: p.description,
      generateSecretString: { secretStringTemplate: JSON.stringify({ previous: '' }), generateStringKey: 'current', excludePunctuation: true, passwordLength: 48 },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    (this.secret.node.defaultChild as CfnSecret).overrideLogicalId(p.logicalId);
    acknowledge(this.secret, 'SMG4', p.rotation);
  }
}

/**
 * The origin secret (docs/architecture.md, "Client address"): CloudFront adds its `current` value to every /api request,
 * and the functions believe the viewer's address only on requests that carry it.
 */
export class OriginSecret extends RotatingSecret {
  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id, {
      stage: props.stage, name: 'origin-verify', logicalId: 'OriginVerifySecret',
      description: 'The secret CloudFront adds to /api requests (x-torcedor-origin-verify): {"current","previous"}; rotate with infra/README.md "Rotating a secret"',
      rotation: 'Rotated by the runbook in infra/README.md ("Rotating a secret"): both values are accepted during a rotation, and CloudFront takes the new one on the next deploy; a rotation Lambda cannot redeploy the distribution.',
    });
  }
}

/**
 * The key that signs unsubscribe links (services/kit/src/mail-links.ts), read by the services that send email; while
 * `previous` holds the old key after a rotation, the links already sent keep working.
 */
export class MailLinkSecret extends RotatingSecret {
  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id, {
      stage: props.stage, name: 'mail-link-key', logicalId: 'MailLinkSecret',
      description: 'Signs the unsubscribe links of the club\'s emails: {"current","previous"}; rotate with infra/README.md "Rotating a secret"',
      rotation: 'Rotated by the runbook in infra/README.md ("Rotating a secret"): the functions read both values and take a new one within 5 minutes; a rotation Lambda would add nothing the runbook does not.',
    });
  }
}
