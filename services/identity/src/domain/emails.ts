import type { MailContent } from '@torcedor/service-kit/email';
import { formatDuration, languageOf, loadMessages, type Translate } from '@torcedor/service-kit/messages';
import { EMAIL_CODES, type LanguageCode } from '@torcedor/shared/constants';
import de from '../../content/de/emails.json' with { type: 'json' };
import en from '../../content/en/emails.json' with { type: 'json' };
import es from '../../content/es/emails.json' with { type: 'json' };
import fr from '../../content/fr/emails.json' with { type: 'json' };
import it from '../../content/it/emails.json' with { type: 'json' };

/**
 * identity's emails (../../README.md, "Email"), as the content the kit's one layout renders (text and HTML, the
 * member's name escaped there), in the member's language: their saved `language` (at sign-up, the one the sign-up
 * was made in), the words from content/<language>/emails.json. Pure: the handler passes the member and `link`, which
 * makes an app path absolute (the kit's appLink).
 */
export type Link = (path: string) => string;
/** Who a message greets (the member's first name, else nobody by name), in their language (none saved: English). */
export interface Addressee { firstName: string | null; language?: LanguageCode | null }

/** The emails' words in every language (checked when loaded: the kit's messages.ts). */
export const emailMessages = loadMessages('identity email', { en, es, fr, de, it });
type Key = Extract<keyof typeof en, string>;

/** The messages and the language of a member's email. */
function wordsFor(to: Addressee) {
  const language = languageOf(to.language);
  const t: Translate<Key> = emailMessages.in(language);
  const hello = to.firstName?.trim() ? t('greeting.named', { name: to.firstName.trim() }) : t('greeting.anonymous');
  const duration = (seconds: number) => formatDuration(seconds, language);
  return { language, t, hello, duration };
}

const accountFooter = (t: Translate<Key>, link: Link) => ({
  reason: t('footer.account'),
  links: [{ label: t('footer.accountSettings'), url: link('/settings') }],
});

/** The code that proves an address: the sign-up's, a resend's, or a new address's (`change`). */
export function verificationEmail(to: Addressee, code: string, change: boolean, link: Link): MailContent {
  const { language, t, hello, duration } = wordsFor(to);
  const works = duration(EMAIL_CODES.verifyTtlSeconds);
  return {
    language,
    subject: t(change ? 'change.subject' : 'verify.subject'),
    preheader: t('code.preheader', { code, duration: works }),
    heading: t(change ? 'change.heading' : 'verify.heading'),
    paragraphs: [
      hello,
      t(change ? 'change.instructions' : 'verify.instructions', { duration: works }),
      t(change ? 'change.until' : 'verify.until'),
    ],
    code,
    action: { label: t('action.open'), url: link('/settings') },
    footer: { reason: t('footer.givenAddress') },
  };
}

/** The welcome, once, when a member first verifies their address: three first steps. */
export function welcomeEmail(to: Addressee, link: Link): MailContent {
  const { language, t, hello } = wordsFor(to);
  return {
    language,
    subject: t('welcome.subject'),
    preheader: t('welcome.preheader'),
    heading: t('welcome.heading'),
    paragraphs: [hello, t('welcome.intro')],
    list: [
      t('welcome.stepHumidor', { url: link('/humidor') }),
      t('welcome.stepFollow', { url: link('/') }),
      t('welcome.stepEvents', { url: link('/events') }),
    ],
    action: { label: t('welcome.action'), url: link('/humidor') },
    footer: accountFooter(t, link),
  };
}

/** The password-reset code (valid EMAIL_CODES.resetTtlSeconds). */
export function resetCodeEmail(to: Addressee, code: string, link: Link): MailContent {
  const { language, t, hello, duration } = wordsFor(to);
  const works = duration(EMAIL_CODES.resetTtlSeconds);
  return {
    language,
    subject: t('reset.subject'),
    preheader: t('code.preheader', { code, duration: works }),
    heading: t('reset.heading'),
    paragraphs: [hello, t('reset.instructions', { duration: works }), t('reset.ignore')],
    code,
    footer: accountFooter(t, link),
  };
}

/** The notice after a reset: every session was ended. */
export function passwordChangedEmail(to: Addressee, link: Link): MailContent {
  const { language, t, hello } = wordsFor(to);
  return {
    language,
    subject: t('passwordChanged.subject'),
    preheader: t('passwordChanged.preheader'),
    heading: t('passwordChanged.heading'),
    paragraphs: [hello, t('passwordChanged.body'), t('passwordChanged.warning')],
    action: { label: t('passwordChanged.action'), url: link('/?auth=login') },
    footer: accountFooter(t, link),
  };
}

/** The notice to the old address once a new one is confirmed. */
export function emailChangedEmail(to: Addressee, newAddress: string, link: Link): MailContent {
  const { language, t, hello } = wordsFor(to);
  return {
    language,
    subject: t('emailChanged.subject'),
    preheader: t('emailChanged.preheader'),
    heading: t('emailChanged.heading'),
    paragraphs: [hello, t('emailChanged.body', { address: newAddress }), t('emailChanged.warning')],
    action: { label: t('emailChanged.action'), url: link('/?auth=login') },
    footer: { reason: t('footer.formerAddress') },
  };
}
