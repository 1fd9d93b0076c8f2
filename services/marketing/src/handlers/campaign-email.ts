import { setTimeout as sleep } from 'node:timers/promises';
import { baseConfig, loadConfig } from '@torcedor/service-kit/config';
import { appLink, renderEmail, type Outgoing } from '@torcedor/service-kit/email';
import { conflict, notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { startJob, type JobPage } from '@torcedor/service-kit/jobs';
import { logger } from '@torcedor/service-kit/logger';
import { memoUntilFailure } from '@torcedor/service-kit/memo';
import { oneClickHeaders, unsubscribePage, unsubscribeToken } from '@torcedor/service-kit/mail-links';
import type { LanguageCode } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import {
  CAMPAIGN_SEND_JOB, CampaignSendParams, draftEmail, sendPageSize, SendEnv, sendSlot, type CampaignEmail, type EmailRefusal,
} from '../domain/campaign-email.ts';
import { campaignLink, campaignView, type StoredCampaign } from '../domain/campaigns.ts';
import { mail } from '../providers/mail.ts';
import { finishSending, readCampaign, recordSent, saveEmail, startSending } from '../store/campaigns.ts';
import { readLead } from '../store/leads.ts';
import { audiencePage, claimRecipient, countAudience, releaseRecipient, type Send } from '../store/recipients.ts';
import { advanceSend, decodeSendCursor, encodeSendCursor, type SendCursor } from '../store/send-cursor.ts';

/**
 * A campaign's email (docs/marketing.md, "Campaign emails"): the owner writes it, previews it, tries it on their own
 * address, then sends it once; the sending is a paged job (kit jobs.ts) continued by marketing's minute schedule, each
 * page a bounded batch of one lead index shard, sent within SES's rate, each recipient once.
 */

const NO_EMAIL = 'This campaign has no email yet.';
const ALREADY_SENT = 'This campaign\'s email is being sent or was sent: it cannot be changed or sent again.';

/** The API's answer to a refused change or send of a campaign's email. */
function refused(reason: EmailRefusal): Error {
  if (reason === 'not-found') return notFound('Campaign not found');
  if (reason === 'no-email') return notFound(NO_EMAIL);
  return conflict(ALREADY_SENT, 'EMAIL_ALREADY_SENT');
}

/**
 * The message's words, imported once on first use from their layer module (`@torcedor/marketing/campaign-mail`, see
 * shared/src/runtime.ts): a function instance that previews, tests and sends no campaign email never loads them.
 */
const loadCampaignMail: () => Promise<typeof import('../campaign-mail/index.ts')> = memoUntilFailure(() => import('@torcedor/marketing/campaign-mail'));

/**
 * The message of a campaign's email for one member: their own unsubscribe links, its one-click headers, its tags, its
 * own words in their language.
 */
async function messageFor(
  c: StoredCampaign, email: Pick<CampaignEmail, 'subject' | 'body'>, userId: string, to: string, language: LanguageCode,
): Promise<Outgoing> {
  const origin = baseConfig().APP_ORIGIN;
  const token = await unsubscribeToken(userId, 'marketing');
  const links = { campaign: campaignLink(c), settings: appLink('/settings'), unsubscribe: unsubscribePage(origin, token) };
  const content = (await loadCampaignMail()).campaignMailContent(email, links, language);
  return { to, ...renderEmail(content), headers: oneClickHeaders(origin, token), tags: { kind: 'campaign', campaign: c.id } };
}

/** The campaign and its email, or the 404 of either. */
async function withEmail(id: string): Promise<{ campaign: StoredCampaign; email: CampaignEmail }> {
  const campaign = await readCampaign(id);
  if (!campaign) throw refused('not-found');
  if (!campaign.email) throw refused('no-email');
  return { campaign, email: campaign.email };
}

/** Write or rewrite the email while it is a draft; 409 once it is being sent or sent. */
export const saveCampaignEmail: RouteHandler<Routes['saveCampaignEmail']> = async ({ params, body }) => {
  const r = await saveEmail(params.id, draftEmail(body), new Date().toISOString());
  if (!r.ok) throw refused(r.reason);
  return campaignView(r.campaign);
};

/**
 * The email as a member receives it, with the owner as the example recipient (their address, their links, the
 * language the request asks in).
 */
export const previewCampaignEmail: RouteHandler<Routes['previewCampaignEmail']> = async ({ params, session, language }) => {
  const { campaign, email } = await withEmail(params.id);
  const m = await messageFor(campaign, email, session.userId, '', language);
  return { subject: m.subject, text: m.text, html: m.html };
};

/** The email to the owner's own verified address (their lead's copy of it), in the request's language; 409 when they have none. */
export const testCampaignEmail: RouteHandler<Routes['testCampaignEmail']> = async ({ params, session, language }) => {
  const { campaign, email } = await withEmail(params.id);
  const me = await readLead(session.userId);
  if (!me?.email || !me.emailVerified) throw conflict('Verify your own email address first: the test goes to it.', 'NO_VERIFIED_ADDRESS');
  await mail.send(await messageFor(campaign, email, session.userId, me.email, language));
  return { ok: true as const };
};

/**
 * Sends the email once to its audience: counted now, the email turned from draft to sending (of two sends at once, one
 * starts), then the job started; the minute schedule runs its pages. A send refused because one is under way also makes
 * sure its job runs (a send whose job was not started, the function cut between the two, goes on from the start: the
 * recipient markers send to nobody twice).
 */
export const sendCampaignEmail: RouteHandler<Routes['sendCampaignEmail']> = async ({ params }) => {
  const { campaign, email } = await withEmail(params.id);
  if (email.status === 'sending') await startJob<CampaignSendParams>(CAMPAIGN_SEND_JOB, { campaignId: campaign.id }, campaign.id);
  if (email.status !== 'draft') throw refused('not-draft');
  const recipients = await countAudience();
  const r = await startSending(campaign.id, recipients, new Date().toISOString());
  if (!r.ok) throw refused(r.reason);
  await startJob<CampaignSendParams>(CAMPAIGN_SEND_JOB, { campaignId: campaign.id }, campaign.id);
  logger.info('campaign email sending', { campaignId: campaign.id, recipients });
  return { ok: true as const, recipients };
};

/** When this function instance may send next: every send takes a slot, at most the rate's in a second (domain `sendSlot`). */
let nextSlotAt = 0;
async function slot(perSecond: number): Promise<void> {
  const now = Date.now();
  const s = sendSlot(nextSlotAt, now, perSecond);
  nextSlotAt = s.nextAt;
  if (s.at > now) await sleep(s.at - now);
}

/**
 * One member of a page: at their slot, claimed (still in the audience, not sent to yet) and sent to. A send SES refuses
 * takes the marker back and fails the page, which the job runs again. Answers whether the member has the email.
 */
async function deliver(c: StoredCampaign, email: CampaignEmail, send: Send, userId: string, perSecond: number): Promise<boolean> {
  await slot(perSecond);
  const claim = await claimRecipient(userId, send, new Date().toISOString());
  if (claim.outcome !== 'claimed') return claim.outcome === 'already';
  try {
    await mail.send(await messageFor(c, email, userId, claim.lead.email!, claim.lead.language));
  } catch (err) {
    await releaseRecipient(userId, send);
    throw err;
  }
  return true;
}

/** The cursor a checkpoint holds (null: the start). One that does not parse starts over: the markers send nothing twice. */
function cursorAt(cursor: string | null): SendCursor {
  const at = decodeSendCursor(cursor);
  if (at) return at;
  logger.error('campaign send cursor unreadable: starting over', { cursor });
  return decodeSendCursor(null)!;
}

/**
 * One page of a campaign's send: the next leads of one index shard, each in the audience at send time sent to once,
 * paced; then the count so far, or, after the last shard, the email marked sent. A campaign not sending ends the job.
 */
export const campaignSendPage: JobPage<CampaignSendParams> = async ({ params, cursor }) => {
  const p = CampaignSendParams.safeParse(params);
  const campaign = p.success ? await readCampaign(p.data.campaignId) : null;
  const email = campaign?.email;
  if (!campaign || !email || email.status !== 'sending' || !email.sendStartedAt) {
    logger.warn('campaign send job with no email sending ended', { params });
    return { next: null };
  }
  const { MAIL_SEND_PER_SECOND: perSecond } = loadConfig(SendEnv);
  const at = cursorAt(cursor);
  const page = await audiencePage({ shard: at.shard, start: at.key, limit: sendPageSize(perSecond) });
  const send = { campaignId: campaign.id, sendStartedAt: email.sendStartedAt };
  const outcomes = await Promise.allSettled(page.candidates.map((l) => deliver(campaign, email, send, l.id, perSecond)));
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  const sent = outcomes.filter((o) => o.status === 'fulfilled' && o.value).length;
  const { next, totals } = advanceSend(at, { scanned: page.scanned, sent, next: page.next });
  if (next) {
    await recordSent(campaign.id, totals.sent);
    return { next: encodeSendCursor(next), done: page.scanned };
  }
  await finishSending(campaign.id, totals.sent, new Date().toISOString());
  logger.info('campaign email sent', { campaignId: campaign.id, sent: totals.sent, read: totals.scanned });
  return { next: null, done: page.scanned };
};
