import { t } from '@lingui/core/macro';
import { LOGIN_REDIRECT_DELAY_MS } from '@torcedor/shared/constants';
import { loginHref } from './safe-redirect';
import { pinToast } from './toast';

/** Spec section 8: an error starting '401: ' and containing 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/s.test(error.message);
}

let redirecting = false;

/**
 * The page to come back to after logging in: the one open now, or, on the landing page, the one it was
 * already asked to return to.
 */
function currentPage(): string | undefined {
  const { pathname, search } = window.location;
  if (pathname !== '/') return `${pathname}${search}`;
  return new URLSearchParams(search).get('redirect') ?? undefined;
}

/**
 * Navigates to the landing page's login dialog (a browser navigation, so the whole app restarts there), carrying
 * the member page to return to, if any, as `redirect`.
 */
function goToLogin(returnTo: string | undefined = currentPage()): void {
  window.location.assign(loginHref(returnTo));
}

function showLoggedOutNotice(kind: 'read' | 'mutation'): void {
  if (kind === 'mutation') pinToast({ title: t`Unauthorized: You are logged out. Logging in again...`, variant: 'error' });
  else pinToast({ title: t`Unauthorized`, description: t`You are logged out. Logging in again...`, variant: 'error' });
}

/**
 * The logged-out rule for a signed-in page opened without a session: the notice, and the login 500 ms later.
 * The caller then redirects inside the app, so the notice stays on screen over the login dialog (a browser
 * navigation would erase it).
 */
export async function announceLoggedOut(): Promise<void> {
  showLoggedOutNotice('read');
  await new Promise((resolve) => setTimeout(resolve, LOGIN_REDIRECT_DELAY_MS));
}

/**
 * The logged-out rule of docs/product.md, "Messages": a toast, then the login page after 500 ms. Reads show
 * 'Unauthorized' / 'You are logged out. Logging in again...'; mutations show it as one line.
 * `returnTo` is the page to come back to after logging in (by default the one open now).
 */
export function handleUnauthorized(kind: 'read' | 'mutation' = 'read', returnTo: string | undefined = currentPage()): void {
  if (redirecting) return;
  redirecting = true;
  showLoggedOutNotice(kind);
  setTimeout(() => {
    redirecting = false;
    goToLogin(returnTo);
  }, LOGIN_REDIRECT_DELAY_MS);
}

