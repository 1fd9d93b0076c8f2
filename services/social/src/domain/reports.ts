/** A member's report of a post, comment, review, member or message, as stored (the moderation queue keeps its excerpt). */
export type ReportItem = {
  reportId: string; targetType: 'post' | 'comment' | 'review' | 'member' | 'message'; targetId: string; reason: string;
  reporterId: string; excerpt: string | null; status: 'open' | 'hidden' | 'dismissed'; createdAt: string;
};

/**
 * What a report points at, as it reads now. `authorIds`: the members whose content one must be allowed to see to
 * read it (a comment's author and its post's; none for a member, whose name everyone sees, nor for a message, which
 * was sent to the reporter); `hidden`: a moderator hid it (or, for a comment, its post; a message its author removed),
 * so it is shown to no one.
 */
export interface ReportTarget { excerpt: string | null; item: Record<string, unknown>; authorIds: string[]; hidden: boolean }

/** A comment's report names it `<postId>:<commentId>`: its two ids, or null when it is not of that shape. */
export function commentIds(targetId: string): { postId: string; commentId: string } | null {
  const [postId, commentId] = targetId.split(':');
  return postId && commentId ? { postId, commentId } : null;
}

/** A report's target from the stored item (and, for a comment, its post's item when it still exists). */
export function reportTarget(type: ReportItem['targetType'], i: Record<string, unknown>, post?: Record<string, unknown>): ReportTarget {
  if (type === 'message') {
    const hidden = i.isHidden === true || i.removed === true;
    return { excerpt: hidden ? null : String(i.text ?? '').slice(0, 280) || null, item: i, authorIds: [], hidden };
  }
  const text = type === 'member' ? String(i.displayName ?? '') : type === 'review' ? `${String(i.brandName)} ${String(i.cigarName)}: ${String(i.notes ?? '')}` : String(i.content ?? '');
  const authorIds = type === 'member' ? [] : [String(i.userId), ...(post ? [String(post.userId)] : [])];
  const hidden = type !== 'member' && (i.isHidden === true || (type === 'comment' && (!post || post.isHidden === true)));
  return { excerpt: text.slice(0, 280) || null, item: i, authorIds, hidden };
}

/**
 * Whether the reporter may be quoted the target's excerpt (domain/visibility.ts): it is not hidden, and they may see
 * each of its authors (`sees`, the one rule applied to the reporter).
 */
export const quotable = (t: ReportTarget, sees: (authorId: string) => boolean) => !t.hidden && t.authorIds.every(sees);

/** A report as the moderators' queue and the reporter see it. */
export const reportView = (r: ReportItem, reporterName: string) => ({
  id: r.reportId, targetType: r.targetType, targetId: r.targetId, reason: r.reason, reporterId: r.reporterId, reporterName,
  excerpt: r.excerpt, status: r.status, createdAt: r.createdAt,
});

/** The status a moderator's decision gives a report. */
export const statusOf = (action: 'hide' | 'dismiss'): ReportItem['status'] => (action === 'hide' ? 'hidden' : 'dismissed');
