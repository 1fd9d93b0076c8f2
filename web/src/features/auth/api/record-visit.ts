import { routes } from '@torcedor/shared/routes';
import type { Attribution } from '@torcedor/shared/schemas/marketing';
import { apiCall } from '@/lib/api-client';

/** POST /api/marketing/visits (public): a landing-page visit, the first of a browser session, with where it came from. */
export const recordVisit = (attribution: Attribution | undefined) => apiCall(routes.recordVisit, { body: attribution ? { attribution } : {} });
