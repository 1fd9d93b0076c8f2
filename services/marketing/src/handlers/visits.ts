import { baseConfig } from '@torcedor/service-kit/config';
import { readCookies, serializeCookie } from '@torcedor/service-kit/cookies';
import { tooManyRequests } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { VISIT_COOKIE } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import { secondsLeftIn } from '../domain/days.ts';
import { utcDay } from '../domain/scoring.ts';
import { campaignExists } from '../store/campaigns.ts';
import { recordVisit as countVisit, reserveVisit } from '../store/stats.ts';

const secureCookies = () => baseConfig().APP_ORIGIN.startsWith('https://');

/**
 * A landing-page visit (docs/marketing.md, "Visits"): a browser already counted today (its cookie names the day) is not
 * counted again; otherwise the member's real address spends one of its visits of the day (and of the campaign's), and
 * the visit is counted with the cookie set until the day ends.
 */
export const recordVisit: RouteHandler<Routes['recordVisit']> = async ({ body, event, cookies, clientAddress }) => {
  const now = new Date();
  const day = utcDay(now);
  if (readCookies(event.cookies, event.headers.cookie)[VISIT_COOKIE] === day) return { ok: true as const };
  const code = body.attribution?.utmCampaign;
  const campaign = code && (await campaignExists(code)) ? code : null;
  const wait = await reserveVisit(await clientAddress(), campaign, Math.floor(now.getTime() / 1000));
  if (wait > 0) throw tooManyRequests('Too many visits from this address today.', 'RATE_LIMITED', wait);
  await countVisit(now.toISOString(), campaign);
  cookies.push(serializeCookie(VISIT_COOKIE, day, { secure: secureCookies(), maxAgeSeconds: secondsLeftIn(now) }));
  return { ok: true as const };
};
