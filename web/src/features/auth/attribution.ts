import { UTM_VALUE_MAX } from '@torcedor/shared/constants';
import type { Attribution } from '@torcedor/shared/schemas/attribution';
import { httpUrl } from '@/lib/http-url';

/**
 * Where a visitor came from (docs/marketing.md, "Leads"): the landing page reads `utm_source`, `utm_medium`
 * and `utm_campaign` off its URL and the referring page (another site's only). The first touch is kept in
 * localStorage for 30 days and sent with the sign-up or the trial, so the lead's source is where the visitor first
 * came from; a visit through a new campaign link (new UTM values) replaces it, one with nothing to say keeps it.
 */
export const ATTRIBUTION_KEY = 'torcedor.attribution';
/** The session's landing-page visit has been counted (one per browser session). */
export const VISIT_SENT_KEY = 'torcedor.visitSent';
export const ATTRIBUTION_TTL_MS = 30 * 24 * 60 * 60 * 1_000;

const UTM_PARAMS = [['utm_source', 'utmSource'], ['utm_medium', 'utmMedium'], ['utm_campaign', 'utmCampaign']] as const;
type Field = keyof Attribution;
const FIELDS = ['utmSource', 'utmMedium', 'utmCampaign', 'referrer'] as const satisfies readonly Field[];

/** The longest referrer the shared Attribution schema keeps. */
const REFERRER_MAX = 500;

/** A UTM value as the shared schema reads it: trimmed, 1 to UTM_VALUE_MAX characters. */
function utmValue(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t.length >= 1 && t.length <= UTM_VALUE_MAX ? t : undefined;
}

/** An http(s) address of at most REFERRER_MAX characters. */
const referrerValue = (v: unknown): string | undefined => (typeof v === 'string' && v.length <= REFERRER_MAX && httpUrl(v) ? v : undefined);

/**
 * Only the fields the shared Attribution schema accepts, each checked on its own (an invalid one is dropped). Plain
 * checks of the schema's rules rather than the schema itself: the landing page keeps attribution without loading zod
 * (docs/decisions.md, "First screen"); attribution.test.ts holds them to the schema.
 */
export function cleanAttribution(raw: Partial<Record<Field, unknown>>): Attribution {
  const out: Attribution = {};
  for (const field of FIELDS) {
    const value = field === 'referrer' ? referrerValue(raw[field]) : utmValue(raw[field]);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

const isEmpty = (a: Attribution) => Object.keys(a).length === 0;
const hasUtm = (a: Attribution) => a.utmSource !== undefined || a.utmMedium !== undefined || a.utmCampaign !== undefined;

/**
 * The referring page, when it is another origin's http(s) address: its origin and path only (its query could
 * carry someone's search or tokens). Our own pages, other schemes and unparsable values give nothing.
 */
function externalReferrer(referrer: string, ownOrigin: string): string | undefined {
  const url = referrer ? httpUrl(referrer) : null;
  if (!url || url.origin === ownOrigin) return undefined;
  return `${url.origin}${url.pathname}`;
}

/** What this page load says about where the visitor came from (fields it cannot vouch for are left out). */
export function readAttribution({ search, referrer, origin }: { search: string; referrer: string; origin: string }): Attribution {
  const params = new URLSearchParams(search);
  const raw: Partial<Record<Field, unknown>> = {};
  for (const [param, field] of UTM_PARAMS) raw[field] = params.get(param) ?? undefined;
  raw.referrer = externalReferrer(referrer, origin);
  return cleanAttribution(raw);
}

interface Stored { attribution: Attribution; at: number }

function readStored(now: number): Stored | null {
  try {
    const value = JSON.parse(localStorage.getItem(ATTRIBUTION_KEY) ?? 'null') as Partial<Stored> | null;
    if (!value || typeof value.at !== 'number' || now - value.at > ATTRIBUTION_TTL_MS || now < value.at) return null;
    const attribution = cleanAttribution((value.attribution ?? {}) as Partial<Record<Field, unknown>>);
    return isEmpty(attribution) ? null : { attribution, at: value.at };
  } catch {
    return null;
  }
}

/** The first touch still within its 30 days, for the sign-up and trial bodies; none when there is none. */
export function storedAttribution(now = Date.now()): Attribution | undefined {
  return readStored(now)?.attribution;
}

/**
 * Records this page load's attribution as the first touch: new UTM values replace the stored one; a referrer alone
 * is kept only when nothing is stored; nothing at all changes nothing. Answers this visit's own attribution.
 */
export function captureAttribution(
  { search, referrer, origin }: { search: string; referrer: string; origin: string } = { search: location.search, referrer: document.referrer, origin: location.origin },
  now = Date.now(),
): Attribution {
  const current = readAttribution({ search, referrer, origin });
  if (isEmpty(current)) return current;
  if (hasUtm(current) || !readStored(now)) {
    try {
      localStorage.setItem(ATTRIBUTION_KEY, JSON.stringify({ attribution: current, at: now } satisfies Stored));
    } catch { /* storage full or refused: the visit still counts, the sign-up goes without a source */ }
  }
  return current;
}

/** The body of a sign-up or trial with the first touch added, when there is one. */
export function withAttribution<B extends object>(body: B, now = Date.now()): B & { attribution?: Attribution } {
  const attribution = storedAttribution(now);
  return attribution ? { ...body, attribution } : body;
}

let landed = false;

/**
 * The landing page's first render of this page load: records the attribution and counts the session's visit
 * (`send` posts it). Later renders of the landing page in the same page load (back from /terms) do nothing.
 */
export function landingPageLoaded(send: (attribution: Attribution | undefined) => Promise<unknown>, page?: { search: string; referrer: string; origin: string }): void {
  if (landed) return;
  landed = true;
  let attribution: Attribution = {};
  try {
    attribution = captureAttribution(page);
  } catch { /* storage refused: the visit still counts */ }
  recordVisitOnce(send, attribution);
}

/**
 * Once per browser session (the first landing-page load): counts the visit with where it came from
 * (`send` posts it). It never blocks the page and fails silently: a visit not counted is not the visitor's problem.
 */
export function recordVisitOnce(send: (attribution: Attribution | undefined) => Promise<unknown>, attribution: Attribution): void {
  try {
    if (sessionStorage.getItem(VISIT_SENT_KEY)) return;
    sessionStorage.setItem(VISIT_SENT_KEY, '1');
  } catch {
    return;
  }
  try {
    void send(isEmpty(attribution) ? undefined : attribution).catch(() => {});
  } catch { /* never let counting break the page */ }
}
