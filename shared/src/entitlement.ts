import type { Entitlement } from './schemas/identity.ts';

/**
 * Premium and a running trial lift the free-tier limits (humidor cap, AI daily answers). A plan
 * past its end date is free again, whether or not the event announcing it has arrived.
 */
export function isUnlimited(e: Entitlement | null | undefined, now: Date): boolean {
  if (!e || e.tier === 'free') return false;
  return e.until === null || new Date(e.until).getTime() > now.getTime();
}
