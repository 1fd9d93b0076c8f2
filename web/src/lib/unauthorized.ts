import { LOGIN_REDIRECT_DELAY_MS } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import { ApiError } from './api-client';
import { pinToast } from './toast';

/** Spec section 8: an error starting '401: ' and containing 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/s.test(error.message);
}

let redirecting = false;

/** Navigates to the login page (a browser navigation, so the whole app restarts there). */
export function goToLogin(): void {
  window.location.assign(routes.loginPage.path);
}

/**
 * The logged-out rule of spec section 8: a toast, then /api/login after 500 ms. Reads show
 * 'Unauthorized' / 'You are logged out. Logging in again...'; mutations show it as one line.
 */
export function handleUnauthorized(kind: 'read' | 'mutation' = 'read'): void {
  if (redirecting) return;
  redirecting = true;
  if (kind === 'mutation') pinToast({ title: 'Unauthorized: You are logged out. Logging in again...', variant: 'error' });
  else pinToast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'error' });
  setTimeout(() => {
    redirecting = false;
    goToLogin();
  }, LOGIN_REDIRECT_DELAY_MS);
}

export const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;
