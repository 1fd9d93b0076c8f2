import * as z from 'zod';

// zod compiles object schemas with `new Function` when it may; the CSP allows no eval (script-src 'self'), so the
// check alone would log a violation (Lighthouse's best-practices audit counts it). Interpret instead, before any parse.
z.config({ jitless: true });

/** The web client's configuration, validated once at start-up. */
const Config = z.object({
  /** Where /api lives; empty means the page's own origin (the local stack and CloudFront both serve it there). */
  VITE_API_ORIGIN: z.union([z.literal(''), z.url()]).default(''),
  MODE: z.string(),
});

export const config = Config.parse(import.meta.env);
