import { adopt } from '../domain/plan.ts';
import { paymentProvider } from '../providers/index.ts';
import { changeState } from '../store/subscriptions.ts';

/**
 * Brings the member's stored state up to date from the provider's current view of a subscription (a webhook, a
 * pending subscription on the status read, a local payment): the provider is asked inside the change, after the
 * stored state is read (store/subscriptions.ts#changeState), with the webhook event's marker when there is one.
 */
export async function syncSubscription(userId: string, subscriptionId: string, eventId?: string) {
  const provider = await paymentProvider();
  return changeState(userId, async (prev) => {
    const sub = await provider.retrieveSubscription(subscriptionId);
    return sub ? adopt(prev, sub, new Date()) : null;
  }, { eventId });
}
