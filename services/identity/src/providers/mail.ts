import { appLink, renderEmail, sendEmail, type MailContent } from '@torcedor/service-kit/email';
import { logger } from '@torcedor/service-kit/logger';
import { memoUntilFailure } from '@torcedor/service-kit/memo';

/**
 * identity's emails go out through the kit's email module (Amazon SES v2; aws-ses-v2-local on one machine), rendered
 * in the kit's one layout (../../README.md, "Email"). Templates are in domain/emails.ts.
 */
export type MailKind = 'verify' | 'welcome' | 'reset' | 'password-changed' | 'email-changed';

export type Emails = typeof import('../emails/index.ts');
/**
 * The templates and their words in five languages, imported once on the first email from their layer module
 * (`@torcedor/identity/emails`, see shared/src/runtime.ts): a function instance that sends none never loads them.
 */
export const loadEmails: () => Promise<Emails> = memoUntilFailure(() => import('@torcedor/identity/emails'));
/** A message written with the templates, once they are loaded: `(emails) => emails.welcomeEmail(member, link)`. */
export type Compose = (emails: Emails) => MailContent;

export interface Mailer {
  /** Sends now; SES's refusal (down, throttled) is thrown: on a request, the kit's 503 with Retry-After. */
  send(to: string, compose: Compose, kind: MailKind): Promise<void>;
  /** Sends after a change that already stands: a failure is logged, never answered (the change is not undone). */
  notify(to: string, compose: Compose, kind: MailKind): Promise<void>;
}

export const mailer: Mailer = {
  async send(to, compose, kind) {
    const content = compose(await loadEmails());
    await sendEmail({ to, ...renderEmail(content), tags: { kind } });
  },
  async notify(to, compose, kind) {
    await mailer.send(to, compose, kind).catch((err: unknown) => logger.error('email not sent', { error: err as Error, kind }));
  },
};

/** An absolute link into the app (the templates' `link`). */
export const link = appLink;
