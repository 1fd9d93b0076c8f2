import type { ServiceName } from './services.ts';

/**
 * Packages a function's bundle leaves out because Lambda provides them: the AWS SDK (the Node 22 runtime's
 * own) and Powertools with its X-Ray SDK (the Powertools layer of the installed version, attached by CDK).
 * CDK and the bench's bundle-size check both use this list.
 */
export const LAMBDA_PROVIDED_MODULES = ['@aws-sdk/*', '@aws-lambda-powertools/*', 'aws-xray-sdk-core'] as const;

/**
 * Packages a service loads on first use from its own Lambda layer instead of its bundle (too big for the 250 KB
 * bundle budget; docs/decisions.md, "Billing"): CDK builds the layer from the installed package, the bench and CDK
 * leave them out of the bundle. Code imports them dynamically only (a static import would fail the bundle check).
 */
export const SERVICE_LAYER_MODULES: Partial<Record<ServiceName, readonly string[]>> = { billing: ['stripe'], ai: ['openai'], marketing: ['openai'], humidor: ['openai'] };
/**
 * Modules of a service's layer built from this repo's source (module name -> entry file), loaded on first use like the
 * packages above, each what only some requests need and would take a function's bundle past 250 KB: ai's local VitolAI
 * engine (its knowledge base), identity's email templates (their words in five languages) and API reference (the
 * OpenAPI document's JSON Schema generation), humidor's band matcher and CSV import reading, marketing's campaign email
 * words and local writer. Each is pure: it keeps no client, logger or configuration of its own.
 * CDK bundles each entry into the layer as a package of that name; locally the name resolves to the workspace source.
 */
export const SERVICE_LAYER_BUILDS: Partial<Record<ServiceName, Readonly<Record<string, string>>>> = {
  ai: { '@torcedor/ai/engine': 'services/ai/src/engine/index.ts' },
  identity: {
    '@torcedor/identity/emails': 'services/identity/src/emails/index.ts',
    '@torcedor/identity/api-reference': 'services/identity/src/api-reference/index.ts',
  },
  humidor: {
    '@torcedor/humidor/band-match': 'services/humidor/src/band-match/index.ts',
    '@torcedor/humidor/member-import': 'services/humidor/src/member-import/index.ts',
  },
  marketing: {
    '@torcedor/marketing/campaign-mail': 'services/marketing/src/campaign-mail/index.ts',
    '@torcedor/marketing/local-writer': 'services/marketing/src/local-writer/index.ts',
  },
};
/** Every module a service's bundle leaves to its layer (installed packages and built modules). */
export const layerModulesOf = (service: ServiceName): readonly string[] => [...(SERVICE_LAYER_MODULES[service] ?? []), ...Object.keys(SERVICE_LAYER_BUILDS[service] ?? {})];

/**
 * Each kind of function's time limit in AWS (CDK sets it). The local stack gives its background kinds the same
 * (LOCAL_FUNCTION_TIMEOUT_SECONDS), and its bus waits longer than a worker's limit before the last try of a delivery:
 * a try that stopped without clearing its idempotency record holds the delivery for that long.
 */
export const FUNCTION_TIMEOUT_SECONDS = { http: 10, worker: 60, stream: 60, socket: 10 } as const;
/** The kinds of a service's functions: HTTP routes, its worker (events, schedules, jobs), streamed routes, the live socket. */
export type FunctionKind = keyof typeof FUNCTION_TIMEOUT_SECONDS;

/**
 * The local stack's time limits: the background kinds keep AWS's, but a member's request waits for a development
 * machine's dependencies (DEPENDENCY_DEADLINES.development), up to 90 s.
 */
export const LOCAL_FUNCTION_TIMEOUT_SECONDS: Record<FunctionKind, number> = { ...FUNCTION_TIMEOUT_SECONDS, http: 90, socket: 90 };

/**
 * Deadlines of every AWS SDK call a function makes (docs/decisions.md, "Fail fast"), by who waits for it:
 * - `member` (AWS, http and socket functions): a connection opens within 1 s and an answer arrives within 1.2 s, tried
 *   at most twice; a dependency that does not answer costs a request about 2.5 s, then 503 with Retry-After.
 * - `background` (workers, streams, the seed, catalog imports, scripts; on AWS and locally): nobody waits for the
 *   answer, so a slow dependency is waited for longer and tried more often; worst case ~55 s, inside a worker's 60 s.
 * - `development` (http and socket functions on the local stack): DynamoDB Local's JVM, cognito-local and the
 *   services share one development machine, where under a burst of a hundred requests with every core busy opening a
 *   connection took over 3 s and an answer over 12 s (local/src/load.int.test.ts); worst case ~80 s, inside
 *   LOCAL_FUNCTION_TIMEOUT_SECONDS.http.
 */
export const DEPENDENCY_DEADLINES = {
  member: { connectionTimeoutMs: 1000, requestTimeoutMs: 1200, maxAttempts: 2 },
  background: { connectionTimeoutMs: 8000, requestTimeoutMs: 10_000, maxAttempts: 3 },
  development: { connectionTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxAttempts: 2 },
} as const;
export type DeadlineProfile = keyof typeof DEPENDENCY_DEADLINES;
/** The variable naming the kind of the function a bundle is (CDK sets it per function; the local host before each import). */
export const FUNCTION_KIND_SETTING = 'FUNCTION_KIND';
const FUNCTION_KINDS: readonly FunctionKind[] = ['http', 'worker', 'stream', 'socket'];

/** Only the local stack sets it (to `development`): its member requests get a development machine's deadlines. */
export const DEADLINES_SETTING = 'DEPENDENCY_DEADLINES';

/**
 * Which deadlines a function's SDK clients get: a member's for http and socket (a development machine's where the local
 * stack says so), else background's (workers, streams, and scripts, which name no kind).
 */
export function deadlineProfileOf(env: Readonly<Record<string, string | undefined>>): DeadlineProfile {
  const kind = FUNCTION_KINDS.find((k) => k === env[FUNCTION_KIND_SETTING]);
  if (kind !== 'http' && kind !== 'socket') return 'background';
  return env[DEADLINES_SETTING] === 'development' ? 'development' : 'member';
}

/** Where each service's functions live (CDK bundles them, the local stack loads them). */
export const serviceEntry = (service: ServiceName, fn: FunctionKind) => `services/${service}/src/${fn}.ts`;

/**
 * Environment every service function receives (validated by each function at start-up, see
 * services/kit/src/config.ts). Both CDK and the local stack set exactly these.
 */
export const BASE_ENV_KEYS = [
  'SERVICE_NAME', 'TABLE_NAME', 'EVENT_BUS_NAME', 'AWS_REGION', 'AUTH_ISSUER', 'AUTH_JWKS_URI',
  'AUTH_CLIENT_ID', 'APP_ORIGIN', 'LOG_LEVEL',
] as const;
/** Only the local stack sets these: endpoints of the stand-ins. */
export const LOCAL_ENDPOINT_KEYS = ['DYNAMODB_ENDPOINT', 'EVENTBRIDGE_ENDPOINT', 'COGNITO_ENDPOINT', 'S3_ENDPOINT', 'SES_ENDPOINT'] as const;

/**
 * Set to '1' by the local stack and never by CDK (infra/test asserts no deployed function carries it): the one switch
 * that lets a function use what only makes sense on one machine, such as the local payment provider and its constant
 * webhook secret (docs/decisions.md, "Local-only paths"). Without it, a missing Stripe key means premium is unavailable.
 */
export const LOCAL_STACK_FLAG = 'TORCEDOR_LOCAL_STACK';

/**
 * What the edge adds to every /api request (docs/architecture.md, "Client address"): the viewer's address and port
 * (CloudFront's own header, forwarded by the /api origin request policy), and a secret that proves the request came
 * through our distribution. The local gateway plays CloudFront's part and sets both, dropping any copy a client sent.
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
export const ORIGIN_VERIFY_HEADER = 'x-torcedor-origin-verify';
/**
 * The setting that holds the origin secret, `{"current": "...", "previous": "..."}`: plain on the local stack,
 * `ORIGIN_VERIFY_SECRET_ARN` (Secrets Manager) in AWS. Both values are accepted, so it rotates without downtime
 * (infra/README.md, "Rotating a secret").
 */
export const ORIGIN_VERIFY_SETTING = 'ORIGIN_VERIFY';

/**
 * The key that signs unsubscribe links (services/kit/src/mail-links.ts): plain on the local stack, `MAIL_LINK_KEY_SECRET_ARN`
 * (a generated Secrets Manager secret) in AWS; `{"current": "...", "previous": "..."}` like the origin secret, so it
 * rotates without breaking the links already sent.
 */
export const MAIL_LINK_SETTING = 'MAIL_LINK_KEY';

/** The bench's partition recorder's file (services/kit/src/partition-log.ts): set by the bench through the local stack only. */
export const PARTITION_LOG_SETTING = 'TORCEDOR_PARTITION_LOG';
/** The bench's partition recorder module, built by the local stack and loaded from this path (never bundled into a function). */
export const PARTITION_RECORDER_SETTING = 'TORCEDOR_PARTITION_RECORDER';

/**
 * Settings no deployed function may carry: the stand-ins' endpoints, the local-stack switch, and the billing overrides
 * that point Stripe's client or the local provider's webhook somewhere else (tests and the local stack only).
 */
export const LOCAL_ONLY_KEYS = [...LOCAL_ENDPOINT_KEYS, LOCAL_STACK_FLAG, DEADLINES_SETTING, PARTITION_RECORDER_SETTING, 'STRIPE_API_URL', 'BILLING_WEBHOOK_URL', PARTITION_LOG_SETTING] as const;

/**
 * Extra settings per service, beyond the base. Optional ones (provider keys) end with '?'. A provider key
 * comes either in plain text (`OPENAI_API_KEY`, the local stack) or as the ARN of the Secrets Manager
 * secret holding it (`OPENAI_API_KEY_SECRET_ARN`, what CDK sets); services read it with readSecret()
 * of services/kit/src/secrets.ts.
 */
export const SERVICE_ENV: Record<ServiceName, readonly string[]> = {
  identity: [
    'USER_POOL_ID', 'UPLOADS_BUCKET', 'LOGIN_LIMIT_PER_ACCOUNT_ADDRESS?', 'LOGIN_LIMIT_PER_ADDRESS?', 'SIGNUP_LIMIT_PER_ADDRESS?',
    `${ORIGIN_VERIFY_SETTING}?`, `${ORIGIN_VERIFY_SETTING}_SECRET_ARN?`, 'MAIL_FROM', 'MAIL_CONFIGURATION_SET?',
    `${MAIL_LINK_SETTING}?`, `${MAIL_LINK_SETTING}_SECRET_ARN?`,
  ],
  // LIVE_ENDPOINT: the WebSocket API's management endpoint the push worker posts to (docs/architecture.md, "Live delivery").
  social: ['UPLOADS_BUCKET', 'LIVE_ENDPOINT?', 'MAIL_FROM', 'MAIL_CONFIGURATION_SET?', `${MAIL_LINK_SETTING}?`, `${MAIL_LINK_SETTING}_SECRET_ARN?`],
  humidor: ['UPLOADS_BUCKET', 'OPENAI_API_KEY?', 'OPENAI_API_KEY_SECRET_ARN?', 'OPENAI_MODEL?', 'OPENAI_BASE_URL?', 'OPENAI_TIMEOUT_MS?'],
  events: [],
  ai: ['OPENAI_API_KEY?', 'OPENAI_API_KEY_SECRET_ARN?', 'OPENAI_MODEL?', 'OPENAI_BASE_URL?', 'OPENAI_TIMEOUT_MS?'],
  billing: [
    'STRIPE_SECRET_KEY?', 'STRIPE_WEBHOOK_SECRET?', 'STRIPE_SECRET_KEY_SECRET_ARN?', 'STRIPE_WEBHOOK_SECRET_SECRET_ARN?', 'STRIPE_PRICE_ID?',
    'STRIPE_PUBLISHABLE_KEY?', 'STRIPE_API_URL?', 'BILLING_WEBHOOK_URL?',
  ],
  marketing: [
    'MAIL_FROM', 'MAIL_CONFIGURATION_SET?', `${MAIL_LINK_SETTING}?`, `${MAIL_LINK_SETTING}_SECRET_ARN?`, 'MAIL_SEND_PER_SECOND?',
    `${ORIGIN_VERIFY_SETTING}?`, `${ORIGIN_VERIFY_SETTING}_SECRET_ARN?`, 'OPENAI_API_KEY?', 'OPENAI_API_KEY_SECRET_ARN?', 'OPENAI_MODEL?', 'OPENAI_BASE_URL?', 'OPENAI_TIMEOUT_MS?'],
};
