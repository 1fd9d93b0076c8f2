import { RemovalPolicy } from 'aws-cdk-lib';
import { CfnSecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';

/**
 * Third-party API keys, by the environment variable the local stack sets in plain text. In AWS a function
 * gets `<NAME>_SECRET_ARN` instead and reads the value at run time (services/kit/src/secrets.ts).
 */
export const PROVIDER_SECRETS = {
  STRIPE_SECRET_KEY: { secretName: 'torcedor/stripe-secret-key', logicalId: 'StripeSecretKeySecret', description: 'Stripe secret API key (sk_...)' },
  STRIPE_WEBHOOK_SECRET: { secretName: 'torcedor/stripe-webhook-secret', logicalId: 'StripeWebhookSecretSecret', description: 'Stripe webhook signing secret (whsec_...)' },
  OPENAI_API_KEY: { secretName: 'torcedor/openai-api-key', logicalId: 'OpenaiApiKeySecret', description: 'OpenAI API key (sk-...)' },
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

  constructor(scope: Construct, id: string) {
    super(scope, id);
    for (const [name, def] of Object.entries(PROVIDER_SECRETS) as [ProviderSecretName, (typeof PROVIDER_SECRETS)[ProviderSecretName]][]) {
      const secret = new Secret(this, name, {
        secretName: def.secretName,
        description: `${def.description}. Set with: aws secretsmanager put-secret-value --secret-id ${def.secretName} --secret-string <value>`,
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
  STRIPE_PRICE_ID: { parameterName: '/torcedor/stripe/price-id', description: "Stripe Price id of the $9.99/month premium plan (price_...)" },
  STRIPE_PUBLISHABLE_KEY: { parameterName: '/torcedor/stripe/publishable-key', description: "Stripe publishable key for the page's Payment Element (pk_...)" },
} as const;
export type ProviderParameterName = keyof typeof PROVIDER_PARAMETERS;
export const isProviderParameterName = (name: string): name is ProviderParameterName => Object.hasOwn(PROVIDER_PARAMETERS, name);
/** The value a provider parameter holds until the operator sets it. */
export const UNSET_PARAMETER = 'unset';

export class ProviderParameters extends Construct {
  readonly parameters = {} as Record<ProviderParameterName, StringParameter>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    for (const [name, def] of Object.entries(PROVIDER_PARAMETERS) as [ProviderParameterName, (typeof PROVIDER_PARAMETERS)[ProviderParameterName]][]) {
      this.parameters[name] = new StringParameter(this, name, {
        parameterName: def.parameterName,
        description: `${def.description}. Set with: aws ssm put-parameter --overwrite --name ${def.parameterName} --value <value>`,
        stringValue: UNSET_PARAMETER,
      });
    }
  }
}
