import type { MailContent } from '@torcedor/service-kit/email';
import { loadMessages } from '@torcedor/service-kit/messages';
import type { LanguageCode } from '@torcedor/shared/constants';
import de from '../../content/de/emails.json' with { type: 'json' };
import en from '../../content/en/emails.json' with { type: 'json' };
import es from '../../content/es/emails.json' with { type: 'json' };
import fr from '../../content/fr/emails.json' with { type: 'json' };
import it from '../../content/it/emails.json' with { type: 'json' };
import type { CampaignEmail } from './campaign-email.ts';

/**
 * A campaign email's message for one recipient (docs/marketing.md, "Campaign emails"): the owner's words as written,
 * the button and the footer in the recipient's language. Pure, like the rest of the campaign email's rules
 * (campaign-email.ts); loaded with its words from marketing's layer (src/campaign-mail/index.ts).
 */

/**
 * The words a campaign email adds to the owner's (the button, the footer), in every language (content/<language>/
 * emails.json, checked when loaded: the kit's messages.ts). The owner's subject and body are theirs, as written.
 */
export const campaignMessages = loadMessages('marketing email', { en, es, fr, de, it });

/** Why a member receives a campaign email (the footer), in English. */
export const CAMPAIGN_MAIL_REASON = campaignMessages.format('en', 'footer.reason');
/** The label of the button to the campaign's link, in English. */
export const CAMPAIGN_MAIL_ACTION = campaignMessages.format('en', 'action.visit');
/** The preheader is the start of the body, at most this long. */
const PREHEADER_MAX = 120;

/** The body's paragraphs: split on blank lines, each trimmed, empty ones left out (plain text: the kit escapes it). */
export const paragraphsOf = (body: string) => body.split(/\n[ \t]*\n/).map((p) => p.trim()).filter(Boolean);

/** The links every campaign email carries besides the campaign's own: the recipient's settings and their unsubscribe page. */
export interface CampaignMailLinks { campaign: string; settings: string; unsubscribe: string }

/**
 * The message of a campaign's email for one recipient (links already theirs), in the kit's one layout: the owner's
 * words as written, the button and the footer in the recipient's `language` (English when not known).
 */
export function campaignMailContent(email: Pick<CampaignEmail, 'subject' | 'body'>, links: CampaignMailLinks, language: LanguageCode = 'en'): MailContent {
  const t = campaignMessages.in(language);
  const paragraphs = paragraphsOf(email.body);
  const first = paragraphs[0] ?? '';
  return {
    language,
    subject: email.subject,
    preheader: first.length > PREHEADER_MAX ? `${first.slice(0, PREHEADER_MAX - 1)}…` : first,
    heading: email.subject,
    paragraphs,
    action: { label: t('action.visit'), url: links.campaign },
    footer: {
      reason: t('footer.reason'),
      links: [{ label: t('footer.settings'), url: links.settings }, { label: t('footer.unsubscribe'), url: links.unsubscribe }],
    },
  };
}
