import { deleteKeys, exportPart, partitionItems, type Key } from '@torcedor/service-kit/items';

/** Everything billing holds of a member lives in the member's partition. */
const memberPK = (userId: string) => `MEMBER#${userId}`;

/** AP: the member's data for the export. */
export async function exportMember(userId: string) {
  return exportPart('billing', await partitionItems(memberPK(userId)));
}

/** AP: delete everything held of a member (idempotent: a repeat finds nothing). */
export async function deleteMember(userId: string): Promise<void> {
  const items = await partitionItems(memberPK(userId));
  await deleteKeys(items.map((i) => ({ PK: String(i.PK), SK: String(i.SK) }) as Key));
}
