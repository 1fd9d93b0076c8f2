import { isDependencyFailure } from '@torcedor/service-kit/aws';
import { logger } from '@torcedor/service-kit/logger';
import { countBusiness } from '@torcedor/service-kit/observability';
import { isRevoked } from '@torcedor/service-kit/revocation';
import type { ConnectCtx, FrameCtx, SocketCtx } from '@torcedor/service-kit/socket';
import type { EventDetail } from '@torcedor/shared/events';
import { LiveClientFrame, LivePong } from '@torcedor/shared/live';
import { connectionsToDrop, newConnection, type LiveConnection } from '../domain/live.ts';
import { liveChannel, type LiveChannel } from '../providers/live.ts';
import { openConnection, openConnectionsOf, removeConnectionById, removeConnections } from '../store/connections.ts';

/**
 * Live delivery (docs/architecture.md, "Live delivery"): the socket function's three routes (services/kit/src/socket.ts
 * has authenticated `$connect` before `connect` runs) and the push worker, social's LiveUpdate consumer.
 */

/** Forgets these connections, then closes their sockets (a close that fails is logged: the socket ends by itself). */
async function dropConnections(live: LiveChannel | undefined, conns: LiveConnection[], why: string): Promise<void> {
  await removeConnections(conns);
  if (!live) return;
  const closed = await Promise.allSettled(conns.map((c) => live.close(c.connectionId)));
  closed.forEach((r, i) => {
    if (r.status === 'rejected') logger.warn('live connection not closed', { error: r.reason as Error, connectionId: conns[i]!.connectionId, why });
  });
}

/**
 * `$connect`: keeps the connection (its member, its login, a TTL), then drops the member's oldest ones past
 * LIVE_CONNECTIONS_PER_MEMBER. Each connect reads the member's connections after its own write, so whatever the
 * concurrency the last one to read sees every write before it and leaves at most the limit.
 */
export async function connect({ session, connectionId }: ConnectCtx): Promise<void> {
  const now = new Date();
  await openConnection(newConnection(session, connectionId, now));
  const drop = connectionsToDrop(await openConnectionsOf(session.userId, now.getTime()), connectionId);
  if (drop.length) await dropConnections(liveChannel(), drop, 'too many connections');
}

/** `$disconnect`: forgets the connection (idempotent: API Gateway's call, a repeat or a close we asked for). */
export async function disconnect({ connectionId }: SocketCtx): Promise<void> {
  await removeConnectionById(connectionId);
}

/** `$default`: a ping is answered by a pong on the same socket; any other frame is ignored. */
export async function message({ connectionId, frame }: FrameCtx): Promise<void> {
  if (!LiveClientFrame.safeParse(frame).success) return logger.debug('live frame ignored', { connectionId });
  const live = liveChannel();
  if (!live) return logger.debug('live pong skipped: no LIVE_ENDPOINT', { connectionId });
  if ((await live.post(connectionId, LivePong)) === 'gone') await removeConnectionById(connectionId);
}

/** The connections whose login has ended since they opened (a logout, a deletion): they get no more pushes. */
async function endedLogins(userId: string, conns: LiveConnection[]): Promise<Set<string>> {
  const sessions = [...new Map(conns.map((c) => [c.sessionId, c.issuedAt])).entries()];
  const revoked = await Promise.all(sessions.map(([sessionId, issuedAt]) => isRevoked({ sessionId, userId, issuedAt }, { read: true })));
  return new Set(sessions.filter((_, i) => revoked[i]).map(([sessionId]) => sessionId));
}

/**
 * The push worker (LiveUpdate): posts the push to each of the member's open connections at once. A connection that
 * is gone (410) is forgotten; one whose login ended is forgotten and closed. Any other failure of one connection does
 * not stop the others: it is logged and counted, and when it was the management API's throttling or its own failure
 * (a dependency failure) the delivery fails after the others were sent, so the bus tries it again: the connections
 * that had it get it twice, which a page's cache update takes as once (docs/architecture.md, "Live delivery").
 */
export async function liveUpdate({ pushId, userId, push }: EventDetail<'LiveUpdate'>): Promise<void> {
  const live = liveChannel();
  if (!live) return logger.debug('live push skipped: no LIVE_ENDPOINT', { pushId, type: push.type });
  const open = await openConnectionsOf(userId);
  if (!open.length) return;
  const ended = await endedLogins(userId, open);
  const current = open.filter((c) => !ended.has(c.sessionId));
  if (ended.size) await dropConnections(live, open.filter((c) => ended.has(c.sessionId)), 'session ended');

  const sent = await Promise.allSettled(current.map((c) => live.post(c.connectionId, push)));
  await removeConnections(current.filter((_, i) => sent[i]!.status === 'fulfilled' && (sent[i] as PromiseFulfilledResult<string>).value === 'gone'));
  const failed = sent.flatMap((r, i) => (r.status === 'rejected' ? [{ connectionId: current[i]!.connectionId, error: r.reason as Error }] : []));
  if (!failed.length) return;
  for (const f of failed) logger.warn('live push failed', { ...f, pushId, type: push.type });
  countBusiness('LivePushesFailed', failed.length);
  const retried = failed.find((f) => isDependencyFailure(f.error));
  if (retried) throw new Error(`live push ${pushId} to be tried again`, { cause: retried.error });
}
