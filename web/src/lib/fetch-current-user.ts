import { routes } from '@torcedor/shared/routes';
import type { User } from '@torcedor/shared/schemas/identity';
import { ApiError, apiCall } from './api-client';
import { TRIAL_ENDED_KEY } from './session-hints';

/**
 * The signed-in member, or null when the session is gone (401) or the trial has ended (its message kept for the landing
 * page). The page's early read of the member (early-reads.ts) is taken by the API client when there is one.
 */
export async function fetchCurrentUser(): Promise<User | null> {
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
}
