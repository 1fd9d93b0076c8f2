import { write } from '@torcedor/service-kit/entity';
import { queryAll } from '@torcedor/service-kit/items';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { ContentDraft } from '@torcedor/shared/schemas/marketing';
import { drafts } from './entities.ts';
import { keys } from './keys.ts';

/** AP: store a new draft (its id is new: a taken one is a bug, thrown). */
export async function saveDraft(d: ContentDraft): Promise<void> {
  if (!(await write(drafts.put(d.id, d, { ifAbsent: true })))) throw new Error(`draft id ${d.id} is taken`);
}

/** AP: drafts, newest first (GSI1). */
export async function listDrafts(): Promise<ContentDraft[]> {
  const items = await queryAll({
    IndexName: 'GSI1', ScanIndexForward: false,
    KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.draftsByTime },
  });
  return items.map((i) => ContentDraft.parse(i));
}

/** AP: one draft (consistent), or undefined. */
export async function readDraft(id: string): Promise<ContentDraft | undefined> {
  const item = await drafts.get(id);
  return item ? ContentDraft.parse(item) : undefined;
}

/**
 * What a change of a draft came to: the draft as changed; or not, because there is no such draft, because it is no
 * longer a draft (published or discarded meanwhile), or because another part of the step was refused.
 */
export type DraftChange = { ok: true; draft: ContentDraft } | { ok: false; reason: 'not-found' | 'closed' | 'refused' };

/**
 * AP: change a draft that is still a draft, with the other parts of the same step (a publication's post event or
 * campaign) in one transaction; a draft published or discarded meanwhile is refused and nothing else happens.
 */
export async function changeDraft(id: string, fields: Partial<ContentDraft>, with_: Record<string, TransactPart | undefined> = {}): Promise<DraftChange> {
  const r = await transact({
    draft: drafts.update(id, fields, {
      ifExists: true, ConditionExpression: '#status = :draft', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':draft': 'draft' },
    }),
    ...with_,
  });
  if (!r.ok && !r.failed.includes('draft')) return { ok: false, reason: 'refused' };
  const draft = await readDraft(id);
  if (!draft) return { ok: false, reason: 'not-found' };
  return r.ok ? { ok: true, draft } : { ok: false, reason: 'closed' };
}
