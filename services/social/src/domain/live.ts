import { LIVE_CONNECTION_TTL_SECONDS, LIVE_CONNECTIONS_PER_MEMBER } from '@torcedor/shared/live';

/**
 * A member's open socket (docs/architecture.md, "Live delivery"), in the member's partition (`LIVE#<userId>`), so the
 * push worker finds every open tab of a member with one Query. It keeps the login it was opened with, so a push is
 * not sent to a socket whose session has ended since (a logout, a deletion).
 */
export type LiveConnection = {
  userId: string; connectionId: string; sessionId: string; issuedAt: number; connectedAt: string; ttl: number;
};
/** Who owns a connection, by its id alone (`LIVECONN#<connectionId>`): `$disconnect` carries nothing else. */
export type LiveConnectionOwner = { connectionId: string; userId: string; ttl: number };

/** A connection opened now: kept as long as API Gateway keeps a socket open (2 hours), then the table's TTL removes it. */
export function newConnection(s: { userId: string; sessionId: string; issuedAt: number }, connectionId: string, now: Date): LiveConnection {
  return {
    userId: s.userId, connectionId, sessionId: s.sessionId, issuedAt: s.issuedAt, connectedAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + LIVE_CONNECTION_TTL_SECONDS,
  };
}

/** DynamoDB deletes expired items lazily: a connection past its TTL is closed already and no longer counts. */
export const isOpen = (c: Pick<LiveConnection, 'ttl'>, nowMs: number): boolean => c.ttl > Math.floor(nowMs / 1000);

/**
 * The connections to drop so that the member keeps at most LIVE_CONNECTIONS_PER_MEMBER: the oldest first (by when they
 * opened, then by id, so every instance that decides at once picks the same ones), never `keep` (the connection being
 * opened: it is not open yet and cannot be closed).
 */
export function connectionsToDrop<C extends Pick<LiveConnection, 'connectionId' | 'connectedAt'>>(open: C[], keep: string, max = LIVE_CONNECTIONS_PER_MEMBER): C[] {
  const excess = open.length - max;
  if (excess <= 0) return [];
  const oldestFirst = [...open].sort((a, b) => a.connectedAt.localeCompare(b.connectedAt) || a.connectionId.localeCompare(b.connectionId));
  return oldestFirst.filter((c) => c.connectionId !== keep).slice(0, excess);
}
