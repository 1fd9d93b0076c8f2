import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import type { User } from '@torcedor/shared/schemas/identity';
import { hasSignedInHint } from './session-hints';

/**
 * GET /api/auth/user, read once without retry (docs/product.md, "Calls"). Authenticated means it returned data:
 * a 401 (or an ended trial) answers null instead of failing, so the landing page shows. No signed-in hint: there is
 * no session to ask about, so an anonymous visit sends no request that would fail, and loads no API client either
 * (the read and the client are their own chunk: docs/decisions.md, "First screen").
 */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'] as const,
  queryFn: async (): Promise<User | null> => {
    if (!hasSignedInHint()) return null;
    const { fetchCurrentUser } = await import('./fetch-current-user');
    return fetchCurrentUser();
  },
  meta: { allowUnauthorized: true },
});

export const useCurrentUser = () => useSuspenseQuery(currentUserQuery).data;

/**
 * Whether the signed-in member carries the member badge (premium benefits: `hasPremiumBenefits`), from the user read
 * alone: a running paid plan (`isSubscribed`, worked out by identity at the read from its copy of billing's
 * entitlement) or the 7-day trial until `trialEndsAt` (the only trial plan there is; an ended trial cannot sign in).
 */
export const hasMemberBadge = (u: Pick<User, 'isSubscribed' | 'isTrial' | 'trialEndsAt'>, now = new Date()): boolean =>
  u.isSubscribed || hasPremiumBenefits(u.isTrial ? { tier: 'trial', until: u.trialEndsAt } : null, now);

