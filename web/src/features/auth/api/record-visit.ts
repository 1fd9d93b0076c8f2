import { VISITS_PATH } from '@torcedor/shared/constants';
import type { Attribution } from '@torcedor/shared/schemas/attribution';
import { config } from '@/config';
import { landingPageLoaded } from '../attribution';

/**
 * POST /api/marketing/visits (public; `routes.recordVisit`): a landing-page visit, the first of a browser session, with where
 * it came from. A plain keepalive fetch rather than `apiCall`: it runs on the landing page, which loads neither the API
 * client nor the routes manifest (docs/decisions.md, "First screen"), and its answer tells the visitor nothing.
 */
export const recordVisit = (attribution: Attribution | undefined) => fetch(`${config.VITE_API_ORIGIN}${VISITS_PATH}`, {
  method: 'POST',
  credentials: 'include',
  keepalive: true,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(attribution ? { attribution } : {}),
});

/**
 * The landing page's first render: where the visitor came from (`page`, read from the URL at that render) kept for the
 * sign-up, and the session's visit counted. The landing page loads this module after the page has loaded.
 */
export const countLandingVisit = (page: { search: string; referrer: string; origin: string }) => landingPageLoaded(recordVisit, page);
