import { badRequest, notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { forgetCelebrities } from '../store/feed.ts';
import { block, listBlocked as blockedBy, unblock } from '../store/blocks.ts';

/** Blocking (docs/product.md, "Blocking"). */

export const blockMember: RouteHandler<Routes['blockMember']> = async ({ session, params }) => {
  if (params.id === session.userId) throw badRequest('You cannot block yourself', undefined, 'SELF_BLOCK');
  const r = await block(session.userId, params.id);
  if (r.unknown) throw notFound('Member not found');
  // A follow the block ended may have been of a celebrity merged in at read time.
  if (r.endedFollowing) forgetCelebrities(session.userId);
  return { blocked: true };
};

export const unblockMember: RouteHandler<Routes['unblockMember']> = async ({ session, params }) => {
  if (params.id === session.userId) throw badRequest('You cannot unblock yourself', undefined, 'SELF_BLOCK');
  await unblock(session.userId, params.id);
  return { blocked: false };
};

export const listBlocked: RouteHandler<Routes['listBlocked']> = async ({ session }) => ({ items: await blockedBy(session.userId) });
