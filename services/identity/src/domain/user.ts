import { isPremium } from '@torcedor/shared/entitlement';
import { User } from '@torcedor/shared/schemas/identity';
import type { UserRecord } from '../data/users.ts';

/** The API view of a stored user: never the birth date, country or internal versions. */
export function toApiUser(r: UserRecord, isOwner: boolean, now = new Date()): User {
  const isSubscribed = isPremium({ tier: r.entitlementTier ?? 'free', until: r.entitlementUntil ?? null }, now);
  // Parsing through the API schema keeps only the API's fields (birth date, country, versions stay inside).
  return User.parse({ ...r, isOwner, isSubscribed });
}

