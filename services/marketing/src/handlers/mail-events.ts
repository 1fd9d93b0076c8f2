import type { MailEventDetail, MailOutcome } from '@torcedor/shared/events';
import { campaignOfMail, MAIL_OUTCOME_FIELDS } from '../domain/campaign-email.ts';
import { recordMailOutcome } from '../store/campaigns.ts';

/**
 * What SES reports of a campaign's messages (docs/marketing.md, "Campaign emails"): each delivery, bounce and complaint
 * counted once on the campaign its `campaign` tag names. Other messages (codes, digests) are not marketing's.
 */
export async function mailOutcome(outcome: MailOutcome, d: MailEventDetail): Promise<void> {
  const campaignId = campaignOfMail(d.mail.tags);
  if (campaignId) await recordMailOutcome(campaignId, MAIL_OUTCOME_FIELDS[outcome]);
}
