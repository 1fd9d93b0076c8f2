import { PAYMENTS_UNAVAILABLE_MESSAGE, PAYMENTS_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@torcedor/shared/constants';
import { badRequest, DomainError } from '@torcedor/service-kit/errors';

/** A webhook whose signature, timestamp or body does not verify: 400, nothing changes. */
export const badSignature = () => badRequest('Webhook signature verification failed', undefined, 'BAD_SIGNATURE');

/** A card the provider refused; the message is the provider's own, shown to the member as it is. */
export const paymentFailed = (providerMessage: string) => new DomainError('PAYMENT_FAILED', providerMessage);

/**
 * This deployment has no payment provider (no Stripe configuration, and not the local stack): premium cannot be bought.
 * 503 with a late Retry-After, since an operator has to act (docs/decisions.md, "Billing").
 */
export const paymentsUnavailable = () =>
  new DomainError('PAYMENTS_UNAVAILABLE', PAYMENTS_UNAVAILABLE_MESSAGE, undefined, { 'retry-after': String(PAYMENTS_UNAVAILABLE_RETRY_AFTER_SECONDS) });
