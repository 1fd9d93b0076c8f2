import { FREE_HUMIDOR_CAP } from '@torcedor/shared/constants';
import { isUnlimited } from '@torcedor/shared/entitlement';
import type { Entitlement } from '@torcedor/shared/schemas/identity';

/** The most cigars (sum of quantities) a member may hold: null means no cap. */
export const humidorCap = (e: Entitlement | null, now: Date): number | null => (isUnlimited(e, now) ? null : FREE_HUMIDOR_CAP);

export const HUMIDOR_LIMIT_MESSAGE = `Free members can keep up to ${FREE_HUMIDOR_CAP} cigars in the humidor. Upgrade to Premium for an unlimited humidor.`;

