import * as z from 'zod';
import { SERVICES } from '@torcedor/shared/services';
import { LOCAL_STACK_FLAG } from '@torcedor/shared/runtime';

/** What the data layer needs: the function's own table (also enough for curator tools). */
export const DataEnv = z.object({
  TABLE_NAME: z.string().min(3),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** Set locally to reach the stand-ins; unset in AWS. */
  DYNAMODB_ENDPOINT: z.url().optional(),
});

/** Environment every service function needs; validated once at start-up. */
export const BaseEnv = DataEnv.extend({
  SERVICE_NAME: z.enum(SERVICES),
  EVENT_BUS_NAME: z.string().min(1),
  EVENTBRIDGE_ENDPOINT: z.url().optional(),
  /** Issuer and JWKS of the user pool whose access tokens are sessions. */
  AUTH_ISSUER: z.url(),
  AUTH_JWKS_URI: z.url(),
  AUTH_CLIENT_ID: z.string().min(1),
  /** The app's own origin, e.g. https://torcedor.example or http://localhost:3000 */
  APP_ORIGIN: z.url(),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
});
export type BaseEnv = z.infer<typeof BaseEnv>;

/** Parses `source` with the schema or throws one error that names every bad variable. */
export function loadConfig<S extends z.ZodType>(schema: S, source: Record<string, string | undefined> = process.env): z.output<S> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}

let cached: BaseEnv | undefined;
/** The base configuration of this function, parsed on first use and kept for its lifetime. */
export function baseConfig(): BaseEnv {
  return (cached ??= loadConfig(BaseEnv));
}

/**
 * Whether this function runs on the local stack (its explicit flag, which CDK never sets): only then may a service
 * use a local-only path such as the local payment provider (docs/decisions.md, "Local-only paths").
 */
export const isLocalStack = (source: Record<string, string | undefined> = process.env): boolean => source[LOCAL_STACK_FLAG] === '1';
