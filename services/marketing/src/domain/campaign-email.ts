import { CAMPAIGN_SEND_PAGE, DEFAULT_MAIL_SEND_PER_SECOND } from '@torcedor/shared/constants';
import type { Campaign } from '@torcedor/shared/schemas/marketing';
import * as z from 'zod';
import type { LeadState } from './lead-state.ts';

/**
 * A campaign's email (docs/marketing.md, "Campaign emails"): written and changed while a draft, previewed and tried on
 * the owner, then sent once, as a paged job (handlers/campaign-email.ts), to every member who accepts marketing emails
 * at a verified address. The rules here are pure: the message, who may receive it, the pace and the job's parameters.
 */

/** A campaign's email as stored on the campaign and answered with it. */
export type CampaignEmail = NonNullable<Campaign['email']>;

/** The paged job that sends a campaign's email (kit jobs.ts), one run per campaign (its key is the campaign's id). */
export const CAMPAIGN_SEND_JOB = 'campaign-send';

/** The job's parameters: the campaign whose email it sends. */
export const CampaignSendParams = z.object({ campaignId: z.string().min(1) });
export type CampaignSendParams = z.infer<typeof CampaignSendParams>;

/** A new email of a campaign, waiting as a draft (nothing sent, nobody counted). */
export function draftEmail(content: { subject: string; body: string }): CampaignEmail {
  return {
    subject: content.subject, body: content.body, status: 'draft', sendStartedAt: null, sentAt: null,
    recipients: 0, sent: 0, delivered: 0, bounced: 0, complained: 0, unsubscribed: 0,
  };
}

/** What SES reports of a campaign's messages, counted on its email (the message's tags name the campaign). */
export const MAIL_OUTCOME_FIELDS = { delivered: 'delivered', bounced: 'bounced', complained: 'complained' } as const;

/** The campaign an SES event is about: a campaign email's `campaign` tag, or undefined for any other message. */
export function campaignOfMail(tags: Record<string, string[]>): string | undefined {
  return tags.kind?.[0] === 'campaign' ? tags.campaign?.[0] : undefined;
}

/**
 * Who a campaign email may go to: a registered member who accepts marketing emails at a verified address that SES has
 * not suppressed (a permanent bounce or a complaint).
 */
export const mayReceive = (l: Pick<LeadState, 'registered' | 'contactable' | 'emailVerified' | 'emailSuppressed' | 'email'>): boolean =>
  l.registered && l.contactable && l.emailVerified && !l.emailSuppressed && !!l.email;

/** Whether a change of a lead is the member turning marketing emails off (what counts as an unsubscribe). */
export const unsubscribes = (before: LeadState | null, after: LeadState | null): boolean => !!before?.contactable && !!after && !after.contactable;

/** The sending rate: the stage's MAIL_SEND_PER_SECOND, else SES's default for a new production account. */
export const SendEnv = z.object({ MAIL_SEND_PER_SECOND: z.coerce.number().positive().default(DEFAULT_MAIL_SEND_PER_SECOND) });

/** A page's sends take at most about this long at the rate (well inside the worker's time limit). */
const SEND_PAGE_SECONDS = 10;

/** Leads a page reads: CAMPAIGN_SEND_PAGE, or fewer when the rate would make a page outlast SEND_PAGE_SECONDS. */
export const sendPageSize = (perSecond: number) => Math.max(1, Math.min(CAMPAIGN_SEND_PAGE, Math.floor(perSecond * SEND_PAGE_SECONDS)));

/**
 * The pace of the sends: each takes the next slot, 1/rate seconds (rounded up to a whole millisecond) after the one
 * before, or now when the sender has been idle, so no second holds more than `perSecond` sends. Answers when this send
 * may go and the next slot.
 */
export function sendSlot(nextAt: number, now: number, perSecond: number): { at: number; nextAt: number } {
  const at = Math.max(now, nextAt);
  return { at, nextAt: at + Math.ceil(1000 / perSecond) };
}

/** Why a campaign's email cannot be sent or changed: absent, or no longer a draft. */
export type EmailRefusal = 'not-found' | 'no-email' | 'not-draft';

/** Where a campaign's email stands for a change or a send: fine ('draft', or none yet when writing it) or refused. */
export function emailRefusal(c: { email: CampaignEmail | null } | null, need: 'writable' | 'sendable'): EmailRefusal | null {
  if (!c) return 'not-found';
  if (!c.email) return need === 'writable' ? null : 'no-email';
  return c.email.status === 'draft' ? null : 'not-draft';
}
