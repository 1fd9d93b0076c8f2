import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { notFound } from '@torcedor/service-kit/errors';
import { indexKeys } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import { keys } from './keys.ts';

export interface ReportItem {
  reportId: string; targetType: 'post' | 'comment' | 'review' | 'member'; targetId: string; reason: string;
  reporterId: string; excerpt: string | null; status: 'open' | 'hidden' | 'dismissed'; createdAt: string;
}

/** The stored item a report is about (a comment's target id is `<postId>:<commentId>`). */
function targetKey(type: ReportItem['targetType'], targetId: string) {
  if (type === 'post') return keys.post(targetId);
  if (type === 'review') return keys.review(targetId);
  if (type === 'member') return keys.author(targetId);
  const [postId, commentId] = targetId.split(':');
  if (!postId || !commentId) return null;
  return keys.comment(postId, commentId);
}

/**
 * What a report points at, as it reads now. `authorIds`: the members whose content one must be allowed to see to
 * read it (a comment's author and its post's; none for a member, whose name everyone sees); `hidden`: a moderator
 * hid it (or, for a comment, its post), so it is shown to no one.
 */
export interface ReportTarget { excerpt: string | null; item: Record<string, unknown>; authorIds: string[]; hidden: boolean }

/** AP: what a report points at (a comment with its post, read in parallel); null when it does not exist. */
export async function readTarget(type: ReportItem['targetType'], targetId: string): Promise<ReportTarget | null> {
  const key = targetKey(type, targetId);
  if (!key) return null;
  const get = (Key: { PK: string; SK: string }) => ddb.send(new GetCommand({ TableName: TABLE, Key, ConsistentRead: true })).then((o) => o.Item);
  const [i, post] = await Promise.all([get(key), type === 'comment' ? get(keys.post(targetId.split(':')[0]!)) : undefined]);
  if (!i) return null;
  const text = type === 'member' ? String(i.displayName ?? '') : type === 'review' ? `${String(i.brandName)} ${String(i.cigarName)}: ${String(i.notes ?? '')}` : String(i.content ?? '');
  const authorIds = type === 'member' ? [] : [String(i.userId), ...(post ? [String(post.userId)] : [])];
  const hidden = type !== 'member' && (i.isHidden === true || (type === 'comment' && (!post || post.isHidden === true)));
  return { excerpt: text.slice(0, 280) || null, item: i, authorIds, hidden };
}

/** AP: file a report (the moderation queue is GSI1 `REPORTS`, newest first). */
export async function createReport(r: ReportItem): Promise<void> {
  await ddb.send(new PutCommand({
    TableName: TABLE, Item: { ...keys.report(r.reportId), ...r, ...indexKeys({ GSI1: [keys.reportQueue, `${r.createdAt}#${r.reportId}`] }) },
    ConditionExpression: 'attribute_not_exists(PK)',
  })).catch((err: unknown) => {
    if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
  });
}

/** AP: the moderation queue, newest first. */
export async function listReports(): Promise<ReportItem[]> {
  const out = await ddb.send(new QueryCommand({
    TableName: TABLE, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :q', ScanIndexForward: false, Limit: 200,
    ExpressionAttributeValues: { ':q': keys.reportQueue },
  }));
  return (out.Items ?? []) as unknown as ReportItem[];
}

export async function getReport(reportId: string): Promise<ReportItem | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.report(reportId), ConsistentRead: true }));
  return (out.Item as ReportItem | undefined) ?? null;
}

/**
 * AP: a moderator's decision. Hiding sets `isHidden` on the target (a post, comment or review is then shown to
 * no one; a member's profile and posts to no one else) and, for a review, publishes ReviewDeleted so the
 * cigar's rating leaves it out; the report's status changes in the same transaction.
 */
export async function resolveReport(report: ReportItem, action: 'hide' | 'dismiss'): Promise<ReportItem> {
  const status = action === 'hide' ? 'hidden' : 'dismissed';
  const setStatus = { Update: { TableName: TABLE, Key: keys.report(report.reportId), UpdateExpression: 'SET #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': status } } };
  if (action === 'dismiss') {
    await ddb.send(new UpdateCommand(setStatus.Update));
    return { ...report, status };
  }
  const target = await readTarget(report.targetType, report.targetId);
  const key = targetKey(report.targetType, report.targetId);
  const alreadyHidden = target?.item.isHidden === true;
  const r = await transact({
    report: setStatus,
    target: target && key && !alreadyHidden
      ? { Update: { TableName: TABLE, Key: key, UpdateExpression: 'SET isHidden = :yes', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':yes': true } } }
      : undefined,
    event: target && report.targetType === 'review' && !alreadyHidden
      ? eventPart('ReviewDeleted', { reviewId: report.targetId, userId: String(target.item.userId), cigarId: String(target.item.cigarId) })
      : undefined,
  });
  if (!r.ok) throw notFound('Reported content not found');
  return { ...report, status };
}
