import type { MailContent } from '@torcedor/service-kit/email';
import { EMAIL_CODES } from '@torcedor/shared/constants';

/**
 * identity's emails (../../README.md, "Email"), as the content the kit's one layout renders (text and HTML, the
 * member's name escaped there). Pure: the handler passes the member's name and `link`, which makes an app path
 * absolute (the kit's appLink).
 */
export type Link = (path: string) => string;
/** Who a message greets: the member's first name, else nobody by name. */
export interface Addressee { firstName: string | null }

const hello = (to: Addressee) => (to.firstName?.trim() ? `Hello ${to.firstName.trim()},` : 'Hello,');
const hours = (seconds: number) => (seconds % 3600 === 0 ? `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}` : `${Math.round(seconds / 60)} minutes`);
const accountFooter = (link: Link) => ({
  reason: 'You get this email because of your Torcedor account. It is about your account, so it cannot be turned off.',
  links: [{ label: 'Account settings', url: link('/settings') }],
});

/** The code that proves an address: the sign-up's, a resend's, or a new address's (`change`). */
export function verificationEmail(to: Addressee, code: string, change: boolean, link: Link): MailContent {
  const what = change ? 'confirm your new email address' : 'verify your email address';
  return {
    subject: change ? 'Confirm your new Torcedor email address' : 'Verify your Torcedor email address',
    preheader: `Your code is ${code}. It works for ${hours(EMAIL_CODES.verifyTtlSeconds)}.`,
    heading: change ? 'Confirm your new address' : 'Verify your email address',
    paragraphs: [
      hello(to),
      `Enter this code in Torcedor to ${what}. It works for ${hours(EMAIL_CODES.verifyTtlSeconds)}.`,
      change
        ? 'Your current address stays in use until you enter the code.'
        : 'Until then you can read everything, but not post, comment, review, host or answer events.',
    ],
    code,
    action: { label: 'Open Torcedor', url: link('/settings') },
    footer: { reason: `You get this email because this address was given for a Torcedor account. If that was not you, ignore it: nothing happens without the code.` },
  };
}

/** The welcome, once, when a member first verifies their address: three first steps. */
export function welcomeEmail(to: Addressee, link: Link): MailContent {
  return {
    subject: 'Welcome to Torcedor',
    preheader: 'Your address is verified. Three first steps to make the club yours.',
    heading: 'Welcome to the club',
    paragraphs: [hello(to), 'Your email address is verified: you can now post, comment, review, host and join events. Three first steps:'],
    list: [
      `Add your first cigar to your humidor: ${link('/humidor')}`,
      `Follow members and see their posts in your feed: ${link('/')}`,
      `Find an event near you: ${link('/events')}`,
    ],
    action: { label: 'Open your humidor', url: link('/humidor') },
    footer: accountFooter(link),
  };
}

/** The password-reset code (valid EMAIL_CODES.resetTtlSeconds). */
export function resetCodeEmail(to: Addressee, code: string, link: Link): MailContent {
  return {
    subject: 'Reset your Torcedor password',
    preheader: `Your code is ${code}. It works for ${hours(EMAIL_CODES.resetTtlSeconds)}.`,
    heading: 'Reset your password',
    paragraphs: [
      hello(to),
      `Someone asked to reset the password of the Torcedor account with this address. Enter this code to choose a new password. It works for ${hours(EMAIL_CODES.resetTtlSeconds)}.`,
      'If that was not you, ignore this email: your password stays as it is.',
    ],
    code,
    footer: accountFooter(link),
  };
}

/** The notice after a reset: every session was ended. */
export function passwordChangedEmail(to: Addressee, link: Link): MailContent {
  return {
    subject: 'Your Torcedor password was changed',
    preheader: 'Your password was changed and every session was signed out.',
    heading: 'Your password was changed',
    paragraphs: [
      hello(to),
      'The password of your Torcedor account was just changed with a code sent to this address. Every device was signed out: sign in again with the new password.',
      'If that was not you, reset your password again at once and contact Torcedor support.',
    ],
    action: { label: 'Sign in', url: link('/?auth=login') },
    footer: accountFooter(link),
  };
}

/** The notice to the old address once a new one is confirmed. */
export function emailChangedEmail(to: Addressee, newAddress: string, link: Link): MailContent {
  return {
    subject: 'Your Torcedor email address was changed',
    preheader: 'This address is no longer the one of your Torcedor account.',
    heading: 'Your email address was changed',
    paragraphs: [
      hello(to),
      `The email address of your Torcedor account is now ${newAddress}. You sign in with the new address from now on; this one no longer works for your account.`,
      'If that was not you, contact Torcedor support at once.',
    ],
    action: { label: 'Sign in with the new address', url: link('/?auth=login') },
    footer: { reason: 'You get this email because this was the address of a Torcedor account until now.' },
  };
}
