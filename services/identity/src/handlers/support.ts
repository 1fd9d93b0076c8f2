import { randomUUID } from 'node:crypto';
import { notFound, unauthorized } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import type { Routes } from '@torcedor/shared/routes';
import { newSupportRequest } from '../domain/support.ts';
import { createRequest, listMemberRequests, listQueue, resolveRequest } from '../store/support.ts';
import { getUser } from '../store/users.ts';

/**
 * Priority support (README, "Support requests"). Members write in and see their own requests; owners (the kit
 * checks the `owners` group on the queue and resolve routes) see every request and resolve them.
 */
export const createSupportRequest: RouteHandler<Routes['createSupportRequest']> = async ({ session, body, idempotencyKey }) => {
  const user = await getUser(session.userId);
  if (!user) throw unauthorized();
  // With an Idempotency-Key the id comes from it: a rerun of a request that was stored returns that one.
  const id = idempotencyKey ? keyedId(session.userId, idempotencyKey, 'support') : randomUUID();
  return createRequest(newSupportRequest(user, body, id, new Date()));
};

export const getMySupportRequests: RouteHandler<Routes['getMySupportRequests']> = async ({ session }) =>
  ({ items: await listMemberRequests(session.userId) });

export const getSupportQueue: RouteHandler<Routes['getSupportQueue']> = async () => ({ items: await listQueue() });

export const resolveSupportRequest: RouteHandler<Routes['resolveSupportRequest']> = async ({ params }) =>
  (await resolveRequest(params.id, new Date().toISOString())) ?? Promise.reject(notFound('Support request not found'));
