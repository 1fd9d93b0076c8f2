import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DataEnv, loadConfig } from './config.ts';

const config = loadConfig(DataEnv);
/** The function's one DynamoDB document client, created at module scope. */
export const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: config.AWS_REGION, ...(config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT } : {}) }),
  { marshallOptions: { removeUndefinedValues: true } },
);
/** A main-index key of the single-table design. */
export type Key = { PK: string; SK: string };

/** The function's own table (each service is granted only its own). */
export const TABLE = config.TABLE_NAME;

/** True when a DynamoDB call failed on its condition (single write or inside a transaction). */
export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}
