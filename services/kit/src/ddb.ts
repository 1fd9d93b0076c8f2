import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { clientOptions } from './aws.ts';
import { DataEnv, loadConfig } from './config.ts';
import { traced } from './observability.ts';
import { PARTITION_LOG_SETTING, PARTITION_RECORDER_SETTING } from '@torcedor/shared/runtime';
import type { recordPartitions } from './partition-log.ts';

const config = loadConfig(DataEnv);
/** The function's one DynamoDB client, created at module scope (libraries that want a plain client get this one). */
export const dynamodb = traced(new DynamoDBClient({
  region: config.AWS_REGION, ...clientOptions(), ...(config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT } : {}),
}));
// The bench's partition recorder (partition-log.ts) is no part of any bundle: the local stack builds it and passes
// its module with the file it appends to; nothing else ever loads it.
const partitionLog = process.env[PARTITION_LOG_SETTING];
if (partitionLog) await recordPartitionsTo(partitionLog, process.env[PARTITION_RECORDER_SETTING]);
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

/** Loads the recorder from the module the local stack built (its address is not one esbuild can follow) and adds it to the client. */
async function recordPartitionsTo(log: string, recorder: string | undefined): Promise<void> {
  if (!recorder) throw new Error(`${PARTITION_LOG_SETTING} is set without ${PARTITION_RECORDER_SETTING}, the module that records to it`);
  const loaded = (await import(/* @vite-ignore */ recorder)) as { recordPartitions: typeof recordPartitions };
  loaded.recordPartitions(dynamodb, log);
}
