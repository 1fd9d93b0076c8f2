import { readEntitlement } from '@torcedor/service-kit/entitlement';
import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { loadEngine } from '../providers/engine.ts';

/**
 * The Learn library in the request's language: the exclusive masterclasses open with premium benefits, read from
 * ai's own copy of the entitlement. Its words (five languages) load with the engine's layer module, on first use.
 */
export const getLearnLibrary: RouteHandler<Routes['getLearnLibrary']> = async ({ session, language }) => {
  const [entitlement, { learnLibrary }] = await Promise.all([readEntitlement(session.userId), loadEngine()]);
  return { items: learnLibrary(entitlement, new Date(), language) };
};
