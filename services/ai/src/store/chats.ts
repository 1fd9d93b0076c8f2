import { AI_CHAT_TTL_DAYS, DAY_MS } from '@torcedor/shared/constants';
import { queryAfter } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import type { StoredTurn } from '../domain/chat.ts';
import { chatTurns } from './entities.ts';
import { keys } from './keys.ts';

/** AP: the last `limit` turns of one of the member's chats, oldest first (another member's session id reads nothing). */
export async function readTurns(userId: string, sessionId: string, limit: number): Promise<StoredTurn[]> {
  const { items } = await queryAfter({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.member(userId), ':p': keys.chatTurnPrefix(sessionId) },
  }, { limit, sortKey: 'SK', newestFirst: true });
  return items.reverse().map((i) => ({ role: i.role as StoredTurn['role'], content: String(i.content), timestamp: String(i.timestamp) }));
}

/** AP: keep a question and its answer together (both or neither), for AI_CHAT_TTL_DAYS. */
export async function appendExchange(userId: string, sessionId: string, question: StoredTurn, reply: StoredTurn): Promise<void> {
  const ttl = Math.floor((Date.now() + AI_CHAT_TTL_DAYS * DAY_MS) / 1000);
  const put = (t: StoredTurn) => chatTurns.put({ userId, sessionId, at: t.timestamp, role: t.role }, { sessionId, ...t, ttl });
  await transact({ question: put(question), reply: put(reply) });
}
