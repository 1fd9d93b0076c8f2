import { applyIfNewer } from '@torcedor/service-kit/copies';
import { TABLE } from '@torcedor/service-kit/ddb';
import { write } from '@torcedor/service-kit/entity';
import { batchGetAll, queryPage, type Item } from '@torcedor/service-kit/items';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import type { EventDetail } from '@torcedor/shared/events';
import { toAuthor, type Author } from '../domain/author.ts';
import type { DigestMarker, MailCopy } from '../domain/digests.ts';
import { authors, digestMarkers, mailCopies } from './entities.ts';
import { keys } from './keys.ts';

/** AP: keep the copy of a member's address and whether it is verified (identity's MemberEmailChanged), newest version wins. */
export const applyMailCopy = (d: EventDetail<'MemberEmailChanged'>) =>
  applyIfNewer(mailCopies.key(d.userId), 'version', d.version, { userId: d.userId, email: d.email, verified: d.verified, suppressed: d.suppressed });

/**
 * The recipient's digest marker (`DIGESTDUE#<shard>` / `<userId>`, domain/digests.ts) as a transaction part, written
 * with each notification and each direct message: `since` only when absent (the first since the last digest),
 * `pending` counted up, so a digest that read the marker deletes it only when nothing came meanwhile.
 */
export function digestDuePart(recipientId: string, at: string): TransactPart {
  return {
    Update: {
      TableName: TABLE, Key: keys.digestDue(recipientId),
      UpdateExpression: 'SET #user = :user, #since = if_not_exists(#since, :at) ADD #pending :one',
      ExpressionAttributeNames: { '#user': 'userId', '#since': 'since', '#pending': 'pending' },
      ExpressionAttributeValues: { ':user': recipientId, ':at': at, ':one': 1 },
    },
  };
}

/** AP: one page of the members waiting for a digest in one shard's partition, from where the last page stopped. */
export async function digestMarkerPage(shard: number, start: Item | undefined, limit: number): Promise<{ markers: DigestMarker[]; next: Item | undefined }> {
  const page = await queryPage({
    KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.digestShard(shard) }, Limit: limit, ConsistentRead: true,
  }, start);
  return { markers: page.items as DigestMarker[], next: page.next };
}

/** What a digest decides on for a member: their copy (the settings) and their address's copy. */
export interface DigestState { copy: Author; mail: MailCopy | undefined }

/** AP: these members' copies and address copies, one consistent BatchGet. */
export async function readDigestStates(userIds: string[]): Promise<Map<string, DigestState>> {
  const items = userIds.length ? await batchGetAll(userIds.flatMap((id) => [authors.key(id), mailCopies.key(id)]), { consistent: true }) : [];
  const bySk = (sk: string) => new Map(items.filter((i) => i.SK === sk).map((i) => [String(i.userId), i]));
  const [copies, mails] = [bySk('AUTHOR'), bySk('MAILTO')];
  return new Map(userIds.map((id) => [id, { copy: toAuthor(copies.get(id), id), mail: mails.get(id) as MailCopy | undefined }]));
}

/** The mail copy's `lastDigestAt` is still what was read (absent, or that time). */
const lastDigestWas = (previous: string | undefined) => (previous
  ? { ConditionExpression: '#last = :previous', ExpressionAttributeNames: { '#last': 'lastDigestAt' }, ExpressionAttributeValues: { ':previous': previous } }
  : { ConditionExpression: 'attribute_not_exists(#last)', ExpressionAttributeNames: { '#last': 'lastDigestAt' } });

/**
 * AP: claims the member's digest before it is sent: `lastDigestAt` becomes `sentAt`, conditioned on the value the
 * decision read (`previous`), so two runners that read the same member send one digest. False: another one did.
 */
export const claimDigest = (userId: string, sentAt: string, previous: string | undefined): Promise<boolean> =>
  write(mailCopies.update(userId, { lastDigestAt: sentAt }, { ifExists: true, ...lastDigestWas(previous) }));

/** AP: gives a claim back when the send failed (SES refused it): `lastDigestAt` is `previous` again, if still ours. */
export async function releaseDigest(userId: string, sentAt: string, previous: string | undefined): Promise<void> {
  await write({
    Update: {
      TableName: TABLE, Key: mailCopies.key(userId),
      UpdateExpression: previous ? 'SET #last = :previous' : 'REMOVE #last', ConditionExpression: '#last = :mine',
      ExpressionAttributeNames: { '#last': 'lastDigestAt' }, ExpressionAttributeValues: { ':mine': sentAt, ...(previous ? { ':previous': previous } : {}) },
    },
  });
}

/**
 * AP: a digest is done with a member's marker (sent, or nothing to send): it is deleted, conditioned on its `pending`
 * count as read. A notification written meanwhile (the count moved) keeps it, from the newest notification the digest
 * read (`through`) on, for the next digest.
 */
export async function finishDigest(marker: DigestMarker, through: string | undefined): Promise<void> {
  const deleted = await write(digestMarkers.remove(marker.userId, {
    ConditionExpression: '#pending = :p', ExpressionAttributeNames: { '#pending': 'pending' }, ExpressionAttributeValues: { ':p': marker.pending },
  }));
  // Nothing read (nothing sent): a marker that moved meanwhile stays as it is.
  if (!deleted && through) await write(digestMarkers.update(marker.userId, { since: through }, { ifExists: true }));
}
