import * as z from 'zod';
import type { ServiceName } from './services.ts';
import { Message } from './schemas/messages.ts';

/**
 * Live delivery (docs/architecture.md, "Live delivery"): one WebSocket per open tab at LIVE_PATH, behind the same
 * origin as the API. The session cookie authenticates it when it opens; the server then pushes what the member should
 * see (LivePush). The API stays the source of truth: a page updates its cached queries from a push, and polls while
 * the socket is down.
 */
export const LIVE_PATH = '/api/live';
/** The service whose function answers the socket ($connect, $disconnect, $default) and whose worker pushes. */
export const LIVE_SERVICE = 'social' as const satisfies ServiceName;
/** Services with a socket function (services/<name>/src/socket.ts) beside the HTTP one. */
export const servicesWithSocket = (): ServiceName[] => [LIVE_SERVICE];
/**
 * API Gateway ends a WebSocket after 2 hours, or 10 minutes without a frame: a connection's item lives as long, and
 * the page sends a ping every LIVE_PING_MS and opens a new socket when one closes.
 */
export const LIVE_CONNECTION_TTL_SECONDS = 2 * 60 * 60;
export const LIVE_PING_MS = 5 * 60_000;
/** While its socket is down a page polls the counts it would be pushed, this often. */
export const LIVE_FALLBACK_POLL_MS = 30_000;
/** A member's open tabs, at most (the oldest connection is dropped past it). */
export const LIVE_CONNECTIONS_PER_MEMBER = 10;

/** What the server pushes to a member's open tabs; each names what changed, with the new state where it is small. */
export const LivePush = z.discriminatedUnion('type', [
  /** A message in the thread with `memberId` (the other member, from the receiving member's view); sent or received. */
  z.object({ type: z.literal('message'), memberId: z.string(), message: Message }),
  /** A message of that thread was removed by its author. */
  z.object({ type: z.literal('message_removed'), memberId: z.string(), messageId: z.string() }),
  /** The member's unread direct messages in all, and in the thread with `memberId` when one changed. */
  z.object({ type: z.literal('messages_unread'), count: z.number().int().nonnegative(), memberId: z.string().optional(), threadUnread: z.number().int().nonnegative().optional() }),
  /** The bell: the member's unread notifications. */
  z.object({ type: z.literal('notifications'), unreadCount: z.number().int().nonnegative() }),
  /** Something about an event the member hosts or attends: an RSVP, a waitlist promotion, a change, a cancellation. */
  z.object({ type: z.literal('event'), eventId: z.string(), kind: z.enum(['rsvp', 'promoted', 'changed', 'cancelled']) }),
]);
export type LivePush = z.infer<typeof LivePush>;

/** What a page sends on its socket: a ping (answered by a pong) keeps an idle socket open. */
export const LiveClientFrame = z.object({ type: z.literal('ping') });
export const LivePong = { type: 'pong' } as const;
