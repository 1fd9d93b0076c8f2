import { notFound, unauthorized } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Session } from '@torcedor/service-kit/session';
import type { Routes } from '@torcedor/shared/routes';
import { toApiUser, trialIsOver, type UserRecord } from '../domain/user.ts';
import { getRecentUser, getUser, updateUser } from '../store/users.ts';
import { trialEnded } from './auth.ts';

/** The signed-in member's record; a deleted account is logged out, an ended trial is told so. */
export async function currentRecord(session: Session, recent = false): Promise<UserRecord> {
  const user = await (recent ? getRecentUser : getUser)(session.userId);
  if (!user) throw unauthorized();
  if (trialIsOver(user, new Date())) throw trialEnded();
  return user;
}

/** Sets some fields of the member's record (store/users.ts#updateUser): the record after, or 404 when it is gone. */
export async function saveUser(userId: string, fields: Partial<UserRecord>, publicProfile: boolean): Promise<UserRecord> {
  const user = await updateUser(userId, fields, publicProfile);
  if (!user) throw notFound('User not found');
  return user;
}

export const getCurrentUser: RouteHandler<Routes['getCurrentUser']> = async ({ session }) =>
  toApiUser(await currentRecord(session, true), session.isOwner);

export const getProfile: RouteHandler<Routes['getProfile']> = getCurrentUser;

export const updateProfile: RouteHandler<Routes['updateProfile']> = async ({ session, body }) => {
  await currentRecord(session);
  const clean = (s: string | null) => (s && s.trim() ? s : null);
  const u = await saveUser(session.userId, { displayName: clean(body.displayName), bio: clean(body.bio), location: clean(body.location) }, true);
  return toApiUser(u, session.isOwner);
};

/**
 * Settings sections: each route's schema admits exactly its own fields, so nothing else can be stored. Social
 * honours privacy, notification and content settings, so each save publishes UserProfileChanged too.
 */
async function saveSettings(session: Session, fields: Partial<UserRecord>) {
  await currentRecord(session);
  return toApiUser(await saveUser(session.userId, fields, true), session.isOwner);
}
export const updatePrivacy: RouteHandler<Routes['updatePrivacy']> = async ({ session, body }) => saveSettings(session, body);
export const updateNotifications: RouteHandler<Routes['updateNotifications']> = async ({ session, body }) => saveSettings(session, body);
export const updatePreferences: RouteHandler<Routes['updatePreferences']> = async ({ session, body }) => saveSettings(session, body);

/** What the member likes (the first run's first step, Settings → Preferences): kept by identity alone. */
export const updateTastes: RouteHandler<Routes['updateTastes']> = async ({ session, body }) => {
  await currentRecord(session);
  return toApiUser(await saveUser(session.userId, { tastes: body }, false), session.isOwner);
};

/**
 * The first run finished or skipped (docs/product.md, "First run"): stamped once, so it is not offered again; a repeat
 * (another tab, a retry) answers the member as they are.
 */
export const completeFirstRun: RouteHandler<Routes['completeFirstRun']> = async ({ session }) => {
  const user = await currentRecord(session);
  if (user.onboardedAt !== null) return toApiUser(user, session.isOwner);
  return toApiUser(await saveUser(session.userId, { onboardedAt: new Date().toISOString() }, false), session.isOwner);
};
