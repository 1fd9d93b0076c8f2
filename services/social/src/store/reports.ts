import { TABLE, type Key } from '@torcedor/service-kit/ddb';
import { write } from '@torcedor/service-kit/entity';
import { queryPage, setExpression, type Item } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import { mayReportMessage, messageTarget, type MessageItem } from '../domain/messages.ts';
import { commentIds, reportTarget, statusOf, type ReportItem, type ReportTarget } from '../domain/reports.ts';
import { authors, comments, messages, posts, reports, reviews } from './entities.ts';
import { keys } from './keys.ts';
import { hideLastMessage } from './messages.ts';

type TargetType = ReportItem['targetType'];

/**
 * The message a report names (`<otherMemberId>:<messageId>`), in the reporter's own thread with that member: its key's
 * ids, or null when the target id is not of that shape.
 */
function messageIds(targetId: string, reporterId: string) {
  const t = messageTarget(targetId);
  return t && { a: reporterId, b: t.otherId, messageId: t.messageId };
}

/**
 * The key of the stored item a report is about (a comment's target id is `<postId>:<commentId>`; a message's
 * `<otherMemberId>:<messageId>`, in the reporter's thread).
 */
function targetKey(type: TargetType, targetId: string, reporterId: string): Key | null {
  if (type === 'message') {
    const ids = messageIds(targetId, reporterId);
    return ids && messages.key(ids);
  }
  if (type === 'post') return posts.key(targetId);
  if (type === 'review') return reviews.key(targetId);
  if (type === 'member') return authors.key(targetId);
  const ids = commentIds(targetId);
  return ids && comments.key(ids);
}

/** The stored item a report is about (consistent), or undefined; a message only when the other member sent it to the reporter. */
async function targetItem(type: TargetType, targetId: string, reporterId: string): Promise<Item | undefined> {
  if (type === 'message') {
    const ids = messageIds(targetId, reporterId);
    const m: MessageItem | undefined = ids ? await messages.get(ids) : undefined;
    return m && ids && m.fromId === ids.b && mayReportMessage(reporterId, m) ? m : undefined;
  }
  if (type === 'post') return posts.get(targetId);
  if (type === 'review') return reviews.get(targetId);
  if (type === 'member') return authors.get(targetId);
  const ids = commentIds(targetId);
  return ids ? comments.get(ids) : undefined;
}

/**
 * AP: what a report by `reporterId` points at (a comment with its post, read in parallel; a message in the reporter's
 * own thread, sent by the other member); null when it does not exist.
 */
export async function readTarget(type: TargetType, targetId: string, reporterId: string): Promise<ReportTarget | null> {
  const ids = type === 'comment' ? commentIds(targetId) : undefined;
  if (ids === null) return null;
  const [i, post] = await Promise.all([targetItem(type, targetId, reporterId), ids ? posts.get(ids.postId) : undefined]);
  return i ? reportTarget(type, i, post) : null;
}

/** AP: file a report (the moderation queue is GSI1 `REPORTS`, newest first); a repeat with the same id changes nothing. */
export async function createReport(r: ReportItem): Promise<void> {
  await write(reports.put(r.reportId, r, { ifAbsent: true }));
}

/** AP: the moderation queue, newest first. */
export async function listReports(): Promise<ReportItem[]> {
  const { items } = await queryPage({
    IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :q', ScanIndexForward: false, Limit: 200, ExpressionAttributeValues: { ':q': keys.reportQueue },
  });
  return items as ReportItem[];
}

/** AP: one report (consistent), or null. */
export async function getReport(reportId: string): Promise<ReportItem | null> {
  return (await reports.get(reportId)) ?? null;
}

/**
 * AP: a moderator's decision. Hiding sets `isHidden` on the target (a post, comment or review is then shown to
 * no one; a member's profile and posts to no one else) and, for a review, publishes ReviewDeleted so the
 * cigar's rating leaves it out (a message is then shown removed to both members, in their conversation lists too:
 * store/messages.ts#hideLastMessage); the report's status changes in the same transaction. Answers the report as it
 * now stands, or undefined when the content went meanwhile (nothing changes).
 */
export async function resolveReport(report: ReportItem, action: 'hide' | 'dismiss'): Promise<ReportItem | undefined> {
  const status = statusOf(action);
  const setStatus = reports.update(report.reportId, { status });
  if (action === 'dismiss') {
    await write(setStatus);
    return { ...report, status };
  }
  const target = await readTarget(report.targetType, report.targetId, report.reporterId);
  const key = targetKey(report.targetType, report.targetId, report.reporterId);
  const alreadyHidden = target?.item.isHidden === true;
  const r = await transact({
    report: setStatus,
    target: target && key && !alreadyHidden
      ? { Update: { TableName: TABLE, Key: key, ...setExpression({ isHidden: true }), ConditionExpression: 'attribute_exists(PK)' } }
      : undefined,
    event: target && report.targetType === 'review' && !alreadyHidden
      ? eventPart('ReviewDeleted', {
        // A hidden review keeps its photos (shown nowhere): the event asks for none to be deleted.
        reviewId: report.targetId, userId: String(target.item.userId), cigarId: String(target.item.cigarId), photos: [],
      })
      : undefined,
  });
  if (r.ok && target && report.targetType === 'message') {
    const m = target.item as MessageItem;
    await hideLastMessage(m.fromId, m.toId, m.messageId);
  }
  return r.ok ? { ...report, status } : undefined;
}
