import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { SIGNED_IN_HINT_COOKIE } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import type { User } from '@torcedor/shared/schemas/identity';
import { ApiError, apiCall } from './api-client';

const TRIAL_ENDED_KEY = 'torcedor.trialEnded';

/** Whether the server left its signed-in hint cookie (set and cleared with the HttpOnly session cookies). */
export const hasSignedInHint = () => document.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);

/** The message the server gave when a trial's 7 days are over (shown on the landing page). */
export function takeTrialEndedMessage(): string | null {
  const m = sessionStorage.getItem(TRIAL_ENDED_KEY);
  sessionStorage.removeItem(TRIAL_ENDED_KEY);
  return m;
}

/**
 * GET /api/auth/user, read once without retry (docs/product.md, "Calls"). Authenticated means it returned data:
 * a 401 (or an ended trial) answers null instead of failing, so the landing page shows.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'] as const,
  queryFn: async (): Promise<User | null> => {
    // No signed-in hint: there is no session to ask about, so an anonymous visit sends no request that would fail.
    if (!hasSignedInHint()) return null;
    try {
      return await apiCall(routes.getCurrentUser);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return null;
      if (e instanceof ApiError && e.status === 403 && e.body?.code === 'TRIAL_ENDED') {
        sessionStorage.setItem(TRIAL_ENDED_KEY, e.body.message);
        return null;
      }
      throw e;
    }
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

