import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '@torcedor/service-kit/errors';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { indexKeys, queryAll, setExpression } from '@torcedor/service-kit/items';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { ContentDraft } from '@torcedor/shared/schemas/marketing';
import { keys } from './keys.ts';

/** AP: store a new draft. */
export async function saveDraft(d: ContentDraft): Promise<void> {
  await ddb.send(new PutCommand({
    TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
    Item: { ...keys.draft(d.id), ...d, ...indexKeys({ GSI1: [keys.draftsByTime, `${d.createdAt}#${d.id}`] }) },
  }));
}

/** AP: drafts, newest first (GSI1). */
export async function listDrafts(): Promise<ContentDraft[]> {
  const items = await queryAll({
    IndexName: 'GSI1', ScanIndexForward: false,
    KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.draftsByTime },
  });
  return items.map((i) => ContentDraft.parse(i));
}

/** AP: one draft (consistent); a missing one is 404. */
export async function readDraft(id: string): Promise<ContentDraft> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.draft(id), ConsistentRead: true }));
  if (!out.Item) throw notFound('Draft not found');
  return ContentDraft.parse(out.Item);
}

const closed = () => conflict('This draft was already published or discarded.', 'DRAFT_CLOSED');

/**
 * AP: change a draft that is still a draft, with the other parts of the same step (a publication's post event or
 * campaign) in one transaction; a draft published or discarded meanwhile is refused and nothing else happens.
 */
export async function changeDraft(id: string, fields: Partial<ContentDraft>, with_: Record<string, TransactPart | undefined> = {}): Promise<ContentDraft> {
  const update = setExpression(fields, { ':draft': 'draft' });
  const r = await transact({
    draft: {
      Update: {
        TableName: TABLE, Key: keys.draft(id), ConditionExpression: 'attribute_exists(PK) AND #status = :draft',
        ...update, ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#status': 'status' },
      },
    },
    ...with_,
  });
  if (!r.ok) {
    if (r.failed.includes('draft')) {
      await readDraft(id);
      throw closed();
    }
    throw conflict('This draft could not be published.', 'DRAFT_CLOSED');
  }
  return readDraft(id);
}
