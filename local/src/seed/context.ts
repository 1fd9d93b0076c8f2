import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import type { LocalAws } from '../aws/local-aws.ts';

/**
 * What every seed step works with, in a module of its own: the runner (`../seed.ts`) and the steps under `seed/`
 * both import it, and neither imports the other's way back.
 */

/** An /api call through the local gateway (same event, same handlers as a browser's request). */
export type SeedApi = (
  method: string,
  path: string,
  init?: { body?: unknown; cookies?: string[]; headers?: Record<string, string> },
) => Promise<{ status: number; headers: Record<string, string>; cookies: string[]; body: unknown }>;

/** What a seed step gets: the stand-ins' clients and the API, after every service is up. */
export interface SeedContext {
  aws: LocalAws;
  dynamodb: DynamoDBClient;
  cognito: CognitoIdentityProviderClient;
  s3: S3Client;
  api: SeedApi;
  /** Waits until every event published so far has been delivered. */
  busIdle(): Promise<void>;
  log(line: string): void;
}

export interface SeedStep {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}
