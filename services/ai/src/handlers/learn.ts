import { readEntitlement } from '@torcedor/service-kit/entitlement';
import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { learnLibrary } from '../domain/learn-library.ts';

/**
 * The Learn library in the request's language: the exclusive masterclasses open with premium benefits, read from
 * ai's own copy of the entitlement.
 */
export const getLearnLibrary: RouteHandler<Routes['getLearnLibrary']> = async ({ session, language }) =>
  ({ items: learnLibrary(await readEntitlement(session.userId), new Date(), language) });
