import { batchGetAll } from '@torcedor/service-kit/items';
import { Entitlement } from '@torcedor/shared/schemas/identity';
import { usage } from './entities.ts';
import { keys } from './keys.ts';

/** AP: the member's answers used on a day and their entitlement copy, in one round trip (consistent). */
export async function readUsage(userId: string, day: string): Promise<{ used: number; entitlement: Entitlement | null }> {
  const usageKey = usage.key({ userId, day });
  const entKey = keys.entitlement(userId);
  const items = await batchGetAll([usageKey, entKey], { consistent: true });
  const counted = items.find((i) => i.SK === usageKey.SK);
  const ent = items.find((i) => i.SK === entKey.SK);
  const parsed = ent ? Entitlement.safeParse(ent) : null;
  return { used: Number(counted?.count ?? 0), entitlement: parsed?.success ? parsed.data : null };
}
