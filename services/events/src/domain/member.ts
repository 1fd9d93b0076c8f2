import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import { Entitlement } from '@torcedor/shared/schemas/identity';

/**
 * The copy of a member's profile events keeps (identity's UserProfileChanged). `emailVerified`: whether the member's
 * address is verified (null: a trial account, which has none; absent: a copy from before it was kept, or none yet).
 */
export type Profile = {
  userId: string; displayName: string; profileImageUrl: string | null; profileVisibility: 'public' | 'followers' | 'private';
  emailVerified?: boolean | null;
};
/** A member as an event page shows them: the profile copy, and whether their plan gives premium benefits now (the badge). */
export interface Member extends Profile { premium: boolean }

/** How a member whose profile has not arrived is shown: 'Member', not public. */
export const unknownProfile = (userId: string): Profile => ({ userId, displayName: 'Member', profileImageUrl: null, profileVisibility: 'private' });

/**
 * Whether the member may host or answer an event (docs/product.md, "Email"): everyone but a member whose copy says
 * their address is not verified yet. A trial account (null) and a member whose profile has not arrived may.
 */
export const mayContribute = (p: Pick<Profile, 'emailVerified'> | undefined): boolean => p?.emailVerified !== false;

/** Premium benefits (a paid plan or a running trial) at `now`, from a stored entitlement copy (none, or unreadable: free). */
export const premiumAt = (item: Record<string, unknown> | undefined, now: Date) => {
  const plan = item ? Entitlement.safeParse(item) : null;
  return hasPremiumBenefits(plan?.success ? plan.data : null, now);
};
