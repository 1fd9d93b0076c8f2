import * as z from 'zod';
import { UTM_VALUE_MAX } from '../constants.ts';
import { plainText } from './text.ts';

// Where a visitor came from (docs/marketing.md, "Leads"): a module of its own, so the landing page's visit beacon
// loads these two schemas and not the whole marketing contract.

const utmValue = plainText().trim().min(1).max(UTM_VALUE_MAX);
/**
 * Where a visitor came from, as the landing page read it off its URL (`utm_source`, `utm_medium`, `utm_campaign`)
 * and `document.referrer` (another site's address only). Every field is optional; unknown fields are refused.
 */
export const Attribution = z.strictObject({
  utmSource: utmValue.optional(),
  utmMedium: utmValue.optional(),
  utmCampaign: utmValue.optional(),
  referrer: z.url({ protocol: /^https?$/ }).max(500).optional(),
});
export type Attribution = z.infer<typeof Attribution>;

/** A landing-page visit (the first of a browser session), counted for the funnel and the campaign's numbers. */
export const VisitBody = z.strictObject({ attribution: Attribution.optional() });
