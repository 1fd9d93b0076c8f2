import * as z from 'zod';

/** The web client's configuration, validated once at start-up. */
const Config = z.object({
  /** Where /api lives; empty means the page's own origin (the local stack and CloudFront both serve it there). */
  VITE_API_ORIGIN: z.union([z.literal(''), z.url()]).default(''),
  MODE: z.string(),
});

export const config = Config.parse(import.meta.env);
