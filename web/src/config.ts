import { httpUrl } from '@/lib/http-url';

/**
 * Where /api lives (VITE_API_ORIGIN): empty means the page's own origin (the local stack and CloudFront both serve it
 * there), else an http(s) origin. Checked once at start-up; a plain check, as the landing page loads no zod.
 */
function apiOrigin(value: unknown): string {
  if (value === undefined || value === '') return '';
  if (typeof value === 'string' && httpUrl(value)) return value;
  throw new Error(`VITE_API_ORIGIN must be empty or an http(s) URL, not ${JSON.stringify(value)}`);
}

/** The web client's configuration, validated once at start-up. */
export const config = {
  VITE_API_ORIGIN: apiOrigin(import.meta.env.VITE_API_ORIGIN),
  MODE: import.meta.env.MODE,
} as const;
