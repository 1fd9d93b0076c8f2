import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { clientOptions } from './aws.ts';
import { DataEnv, loadConfig } from './config.ts';
import { traced } from './observability.ts';

const config = loadConfig(DataEnv);
/** The function's one DynamoDB client, created at module scope (libraries that want a plain client get this one). */
export const dynamodb = traced(new DynamoDBClient({
  region: config.AWS_REGION, ...clientOptions(), ...(config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT } : {}),
}));
// The bench's partition recorder (partition-log.ts): never loaded unless the local stack passes its file.
const partitionLog = process.env.TORCEDOR_PARTITION_LOG;
if (partitionLog) (await import('./partition-log.ts')).recordPartitions(dynamodb, partitionLog);
/** The document client over it: what data code uses. */
export const ddb = DynamoDBDocumentClient.from(dynamodb, { marshallOptions: { removeUndefinedValues: true } });
/** One write of a transaction (a Put, Update, Delete or ConditionCheck): the shape `transact` and the outbox's parts share. */
export type TransactPart = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/** A main-index key of the single-table design. */
export type Key = { PK: string; SK: string };
/** The partition of everything a service holds of one member (entitlement copies included). */
export const memberPK = (userId: string) => `MEMBER#${userId}`;

/** The function's own table (each service is granted only its own). */
export const TABLE = config.TABLE_NAME;

/** True when a DynamoDB call failed on its condition (single write or inside a transaction). */
export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}
