import { badRequest, DomainError } from '@torcedor/service-kit/errors';

/** A webhook whose signature, timestamp or body does not verify: 400, nothing changes. */
export const badSignature = () => badRequest('Webhook signature verification failed', undefined, 'BAD_SIGNATURE');

/** A card the provider refused; the message is the provider's own, shown to the member as it is. */
export const paymentFailed = (providerMessage: string) => new DomainError('PAYMENT_FAILED', providerMessage);
