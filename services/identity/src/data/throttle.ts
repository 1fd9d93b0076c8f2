import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';

/** Failed sign-ins are counted per email and per client address in fixed 15-minute windows. */
const WINDOW_SECONDS = 15 * 60;
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 20;

const windowOf = (nowSeconds: number) => Math.floor(nowSeconds / WINDOW_SECONDS);
const key = (kind: 'EMAIL' | 'IP', id: string, w: number) => ({ PK: `LOGINFAIL#${kind}#${id}`, SK: `W#${w}` });

/** Seconds until sign-in is allowed again, or 0 when it is allowed now. */
export async function loginBlockedFor(email: string, ip: string, nowSeconds: number): Promise<number> {
  const w = windowOf(nowSeconds);
  const keys = [key('EMAIL', email, w), ...(ip ? [key('IP', ip, w)] : [])];
  const out = await ddb.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: keys, ConsistentRead: true } } }));
  const items = out.Responses?.[TABLE] ?? [];
  const blocked = items.some((i) => (String(i.PK).startsWith('LOGINFAIL#EMAIL#') ? Number(i.n) >= MAX_FAILURES_PER_EMAIL : Number(i.n) >= MAX_FAILURES_PER_IP));
  return blocked ? (w + 1) * WINDOW_SECONDS - nowSeconds : 0;
}

/** Counts one failed sign-in (atomic counters; they expire with their window). */
export async function recordLoginFailure(email: string, ip: string, nowSeconds: number): Promise<void> {
  const w = windowOf(nowSeconds);
  const ttl = (w + 2) * WINDOW_SECONDS;
  await Promise.all(
    [key('EMAIL', email, w), ...(ip ? [key('IP', ip, w)] : [])].map((Key) =>
      ddb.send(new UpdateCommand({ TableName: TABLE, Key, UpdateExpression: 'ADD n :one SET #ttl = :ttl', ExpressionAttributeNames: { '#ttl': 'ttl' }, ExpressionAttributeValues: { ':one': 1, ':ttl': ttl } })),
    ),
  );
}
