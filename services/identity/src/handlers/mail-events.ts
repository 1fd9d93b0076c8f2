import type { MailEventDetail } from '@torcedor/shared/events';
import { logger } from '@torcedor/service-kit/logger';
import { undeliverableAddresses } from '../domain/user.ts';
import { addressOwner } from '../store/addresses.ts';
import { recordSuppression } from '../store/users.ts';

/**
 * SES's bounces and complaints (the configuration set's events, ../../README.md "Email"): each address it reports
 * undeliverable is suppressed on the account whose current address it is, and MemberEmailChanged tells the services
 * that email members. A repeat, or an address no account has now, changes nothing.
 */
export async function mailOutcome(outcome: 'delivered' | 'bounced' | 'complained', d: MailEventDetail): Promise<void> {
  if (outcome === 'delivered') return;
  for (const address of undeliverableAddresses(outcome, d)) {
    // By the address's claim only: the worker has no user pool access. A member from before claims existed has none;
    // SES's own suppression list (the configuration set's) still keeps mail from their address.
    const userId = (await addressOwner(address))?.userId;
    if (!userId) continue;
    if (await recordSuppression(userId, address)) logger.info('address suppressed', { outcome, messageId: d.mail.messageId });
  }
}
