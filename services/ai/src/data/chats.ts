import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AI_CHAT_TTL_DAYS, DAY_MS } from '@torcedor/shared/constants';
import { ddb, memberPK, TABLE } from '@torcedor/service-kit/ddb';
import { transact } from '@torcedor/service-kit/transactions';

/** A chat's turns live in the member's partition (so export and deletion cover them), one item per turn. */
export const chatKeys = {
  turnPrefix: (sessionId: string) => `CHAT#${sessionId}#`,
  turn: (userId: string, sessionId: string, at: string, role: 'user' | 'assistant') => ({ PK: memberPK(userId), SK: `CHAT#${sessionId}#${at}#${role === 'user' ? 0 : 1}` }),
};

export interface StoredTurn { role: 'user' | 'assistant'; content: string; timestamp: string }

/** AP: the last `limit` turns of one of the member's chats, oldest first (another member's session id reads nothing). */
export async function readTurns(userId: string, sessionId: string, limit: number): Promise<StoredTurn[]> {
  const out = await ddb.send(new QueryCommand({
    TableName: TABLE, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ScanIndexForward: false, Limit: limit,
    ExpressionAttributeValues: { ':pk': memberPK(userId), ':p': chatKeys.turnPrefix(sessionId) },
  }));
  return (out.Items ?? []).reverse().map((i) => ({ role: i.role as StoredTurn['role'], content: String(i.content), timestamp: String(i.timestamp) }));
}

/** AP: keep a question and its answer together (both or neither), for AI_CHAT_TTL_DAYS. */
export async function appendExchange(userId: string, sessionId: string, question: StoredTurn, reply: StoredTurn): Promise<void> {
  const ttl = Math.floor((Date.now() + AI_CHAT_TTL_DAYS * DAY_MS) / 1000);
  const put = (t: StoredTurn) => ({ Put: { TableName: TABLE, Item: { ...chatKeys.turn(userId, sessionId, t.timestamp, t.role), sessionId, ...t, ttl } } });
  await transact({ question: put(question), reply: put(reply) });
}
