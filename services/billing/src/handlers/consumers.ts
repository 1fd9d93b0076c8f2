import type { EventDetail } from '@torcedor/shared/events';
import { withTrial } from '../domain/plan.ts';
import { paymentProvider } from '../providers/index.ts';
import { deleteMember } from '../store/member.ts';
import { changeState, deleteSubscriptionRef, getSubscription } from '../store/subscriptions.ts';

/** identity's UserRegistered: a trial member is granted their trial, once. */
export async function userRegistered({ userId, kind, trialEndsAt }: EventDetail<'UserRegistered'>): Promise<void> {
  if (kind !== 'trial' || !trialEndsAt) return;
  const now = new Date();
  await changeState(userId, async (prev) => (prev.trialEndsAt ? null : withTrial(prev, trialEndsAt, now)));
}

/**
 * identity's UserDeleted: the subscription is canceled at the provider first (a failure throws, so the event is
 * retried and nothing is deleted before the member stops being charged), then billing's data goes.
 */
export async function userDeleted({ userId }: EventDetail<'UserDeleted'>): Promise<void> {
  const stored = await getSubscription(userId);
  if (stored.subscriptionId) {
    await (await paymentProvider()).cancelNow(stored.subscriptionId);
    await deleteSubscriptionRef(stored.subscriptionId);
  }
  await deleteMember(userId);
}
