import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import { displayName } from '@torcedor/shared/formatters';
import type { SupportRequest, SupportRequestBody } from '@torcedor/shared/schemas/support';
import type * as z from 'zod';
import type { UserRecord } from './user.ts';

/** A support request as stored and answered (the API's SupportRequest). */
export type SupportRequestRecord = z.infer<typeof SupportRequest>;

/**
 * A new support request of this member: who sent it (name and email as they are now, for the owner's answer) and
 * whether it is priority: the member has the premium benefits (a paid plan or a running trial, by identity's copy
 * of billing's entitlement) at the time of sending. A later change of plan does not move a request already sent.
 */
export function newSupportRequest(user: UserRecord, body: z.output<typeof SupportRequestBody>, id: string, now: Date): SupportRequestRecord {
  return {
    id,
    userId: user.id,
    displayName: displayName(user),
    email: user.email ?? null,
    category: body.category,
    subject: body.subject,
    message: body.message,
    priority: hasPremiumBenefits({ tier: user.entitlementTier ?? 'free', until: user.entitlementUntil ?? null }, now),
    status: 'open',
    createdAt: now.toISOString(),
    resolvedAt: null,
  };
}
