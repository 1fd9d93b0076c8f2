import { traced } from './observability.ts';

/**
 * Provider secrets (Stripe, OpenAI keys). The local stack sets the plain variable (`STRIPE_SECRET_KEY`);
 * in AWS the function gets `<NAME>_SECRET_ARN` only (the value never enters a template or an environment,
 * infra/README.md "Provider secrets") and reads the value from Secrets Manager on first use.
 */
export const SECRET_ARN_SUFFIX = '_SECRET_ARN';

/**
 * The part of @aws-sdk/client-secrets-manager used here. The SDK is left out of the bundles (the Lambda
 * runtime provides it) and loaded on the first read only, so a function that never reads a secret never
 * loads it.
 */
interface SecretsManagerSdk {
  SecretsManagerClient: new (config: Record<string, unknown>) => { send(command: unknown): Promise<{ SecretString?: string }> };
  GetSecretValueCommand: new (input: { SecretId: string }) => unknown;
}
// A variable, not a literal: typechecks without the package installed; esbuild leaves it external either way.
const SDK_MODULE = '@aws-sdk/client-secrets-manager';

let client: Promise<{ sdk: SecretsManagerSdk; sm: InstanceType<SecretsManagerSdk['SecretsManagerClient']> }> | undefined;
function secretsManager() {
  if (!client) {
    const loading = (import(SDK_MODULE) as Promise<SecretsManagerSdk>).then((sdk) => ({ sdk, sm: traced(new sdk.SecretsManagerClient({})) }));
    client = loading;
    // A failed load (not expected: the runtime ships the SDK) is tried again on the next read.
    loading.catch(() => {
      if (client === loading) client = undefined;
    });
  }
  return client;
}

/**
 * A secret holding `{"unset": true, ...}` is the placeholder CDK creates (infra/src/constructs/provider-secrets.ts)
 * until the operator stores the real value: the provider is not configured.
 */
function isPlaceholder(value: string): boolean {
  if (!value.startsWith('{')) return false;
  try {
    return (JSON.parse(value) as { unset?: unknown }).unset === true;
  } catch {
    return false;
  }
}

async function fetchSecret(arn: string): Promise<string | null> {
  const { sdk, sm } = await secretsManager();
  const out = await sm.send(new sdk.GetSecretValueCommand({ SecretId: arn }));
  const value = out.SecretString ?? '';
  return value === '' || isPlaceholder(value) ? null : value;
}

/** One read per secret and container (or per `maxAgeMs`): a module-level promise per secret ARN. */
const cache = new Map<string, { pending: Promise<string | null>; at: number }>();

/**
 * The value of provider secret `envName` (e.g. 'STRIPE_SECRET_KEY'), or null when the provider is not
 * configured (the service then uses its local provider):
 * 1. the plain variable `envName` when set (the local stack);
 * 2. else the secret whose ARN is in `<envName>_SECRET_ARN`, fetched once per container and kept (for `maxAgeMs`
 *    when given: a secret that rotates is read again after that long); a failed fetch is not kept, so the next call
 *    asks again;
 * 3. else null.
 * A new value set with put-secret-value reaches warm containers when they are replaced (any deployment
 * of the function, or `aws lambda update-function-configuration`), or after `maxAgeMs`.
 */
export function readSecret(envName: string, env: Record<string, string | undefined> = process.env, opts: { maxAgeMs?: number } = {}): Promise<string | null> {
  const plain = env[envName];
  if (plain) return Promise.resolve(plain);
  const arn = env[`${envName}${SECRET_ARN_SUFFIX}`];
  if (!arn) return Promise.resolve(null);
  const kept = cache.get(arn);
  if (kept && (opts.maxAgeMs === undefined || Date.now() - kept.at < opts.maxAgeMs)) return kept.pending;
  const fetching = fetchSecret(arn);
  const entry = { pending: fetching, at: Date.now() };
  cache.set(arn, entry);
  fetching.catch(() => {
    if (cache.get(arn) === entry) cache.delete(arn);
  });
  return fetching;
}
