import { appLink, renderEmail, sendEmail, type MailContent } from '@torcedor/service-kit/email';
import { logger } from '@torcedor/service-kit/logger';

/**
 * identity's emails go out through the kit's email module (Amazon SES v2; aws-ses-v2-local on one machine), rendered
 * in the kit's one layout (../../README.md, "Email"). Templates are in domain/emails.ts.
 */
export type MailKind = 'verify' | 'welcome' | 'reset' | 'password-changed' | 'email-changed';

export interface Mailer {
  /** Sends now; SES's refusal (down, throttled) is thrown: on a request, the kit's 503 with Retry-After. */
  send(to: string, content: MailContent, kind: MailKind): Promise<void>;
  /** Sends after a change that already stands: a failure is logged, never answered (the change is not undone). */
  notify(to: string, content: MailContent, kind: MailKind): Promise<void>;
}

export const mailer: Mailer = {
  async send(to, content, kind) {
    await sendEmail({ to, ...renderEmail(content), tags: { kind } });
  },
  async notify(to, content, kind) {
    await mailer.send(to, content, kind).catch((err: unknown) => logger.error('email not sent', { error: err as Error, kind }));
  },
};

/** An absolute link into the app (the templates' `link`). */
export const link = appLink;
