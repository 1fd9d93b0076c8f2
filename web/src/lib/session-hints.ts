import { SIGNED_IN_HINT_COOKIE } from '@torcedor/shared/constants';

/** Where the trial-ended message waits for the landing page (set by fetch-current-user.ts). */
export const TRIAL_ENDED_KEY = 'torcedor.trialEnded';

/** Whether the server left its signed-in hint cookie (set and cleared with the HttpOnly session cookies). */
export const hasSignedInHint = () => document.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);

/** The message the server gave when a trial's 7 days are over (shown on the landing page). */
export function takeTrialEndedMessage(): string | null {
  const m = sessionStorage.getItem(TRIAL_ENDED_KEY);
  sessionStorage.removeItem(TRIAL_ENDED_KEY);
  return m;
}
