import { User } from '@torcedor/shared/schemas/identity';
import type { UserRecord } from '../data/users.ts';

/** The API view of a stored user: never the birth date, country or internal versions. */
export function toApiUser(r: UserRecord, isOwner: boolean, now = new Date()): User {
  const isSubscribed = r.entitlementTier === 'premium' && !!r.entitlementUntil && new Date(r.entitlementUntil).getTime() > now.getTime();
  // Parsing through the API schema keeps only the API's fields (birth date, country, versions stay inside).
  return User.parse({ ...r, isOwner, isSubscribed });
}

/** The name shown to others: display name, else first plus last name. */
export function publicName(u: Pick<User, 'displayName' | 'firstName' | 'lastName'>): string {
  const dn = u.displayName?.trim();
  if (dn) return dn;
  return [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || 'Member';
}
