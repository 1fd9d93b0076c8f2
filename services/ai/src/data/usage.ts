import { batchGetAll } from '@torcedor/service-kit/items';
import { entitlementKey } from '@torcedor/service-kit/entitlement';
import { Entitlement } from '@torcedor/shared/schemas/identity';
import { keys } from './keys.ts';

/** The table's keys live in keys.ts; re-exported for the modules that import them from here. */
export { keys };

/** AP: the member's answers used on a day and their entitlement copy, in one round trip. */
export async function readUsage(userId: string, day: string): Promise<{ used: number; entitlement: Entitlement | null }> {
  const usageKey = keys.usage(userId, day);
  const entKey = entitlementKey(userId);
  const items = await batchGetAll([usageKey, entKey], { consistent: true });
  const usage = items.find((i) => i.SK === usageKey.SK);
  const ent = items.find((i) => i.SK === entKey.SK);
  const parsed = ent ? Entitlement.safeParse(ent) : null;
  return { used: Number(usage?.count ?? 0), entitlement: parsed?.success ? parsed.data : null };
}
