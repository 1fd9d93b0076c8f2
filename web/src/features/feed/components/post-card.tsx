import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Post } from '@torcedor/shared/schemas/social';
import { MapPin, MessageCircle, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { MemberBadge } from '@/components/member-badge';
import { ReportButton } from '@/components/report-button';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { formatRelative } from '@/lib/date-time';
import { formatNumber } from '@/lib/numbers';
import { prefetchOnIntent } from '@/lib/prefetch-on-intent';
import { toast } from '@/lib/toast';
import { useDeletePost } from '../api/delete-post';
import { Avatar } from './avatar';
import { LikeButton } from './like-button';
import { mediaSrc } from './media-src';

// A post's comments (their list, form and resolver) load when first opened, and are fetched as soon as the pointer or
// the focus reaches their button (docs/decisions.md, "First screen").
const loadComments = () => import('./comments-panel');
const CommentsPanel = lazy(() => loadComments().then((m) => ({ default: m.CommentsPanel })));
const commentsIntent = prefetchOnIntent(loadComments);

/** The post's menu: 'Delete post' (with a confirmation) for its author, 'Report' for everyone else. */
function PostMenu({ post, mine }: { post: Post; mine: boolean }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost();
  if (!mine) return <ReportButton targetType="post" targetId={post.id} />;
  const onConfirm = () => {
    remove.mutate(post.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t`Success`, description: t`Post deleted`, variant: 'success' });
      },
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to delete post`), variant: 'error' }),
    });
  };
  return (
    <>
      <Button variant="ghost" size="sm" className="text-muted" onClick={() => setConfirming(true)} aria-label={t`Delete post`}>
        <Trash2 className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline"><Trans>Delete post</Trans></span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete this post?`}
        text={t`The post, its likes and its comments will be removed. This cannot be undone.`}
        confirmLabel={remove.isPending ? t`Deleting...` : t`Delete post`}
        onConfirm={onConfirm}
        pending={remove.isPending}
      />
    </>
  );
}

/** One post of the feed: author, time, text (always as plain text), picture, likes, comments and its menu. */
export function PostCard({ post, now, headingLevel = 2 }: { post: Post; now: Date; headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const author = post.userName;
  const comments = post.commentCount;
  const user = useCurrentUser();
  const [showComments, setShowComments] = useState(false);
  const id = useId();
  const headingId = `${id}-author`;
  const commentsId = `${id}-comments`;
  const mine = !!user && user.id === post.userId;
  return (
    <article aria-labelledby={headingId}>
      <Card>
        <header className="flex items-start gap-3">
          <Avatar name={post.userName} imageUrl={post.userImageUrl} />
          <div className="min-w-0 flex-1">
            <div className="flex items-center gap-1.5">
              <Heading id={headingId} className="font-semibold">
                <Link to="/profile/{-$id}" params={{ id: post.userId }} className="text-fg hover:underline">{post.userName}</Link>
              </Heading>
              <MemberBadge premium={post.premium} />
            </div>
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
              {post.userLocation ? (
                <span className="inline-flex items-center gap-1"><MapPin className="h-3 w-3" aria-hidden />{post.userLocation}</span>
              ) : null}
              <time dateTime={post.createdAt}>{formatRelative(post.createdAt, now)}</time>
            </p>
          </div>
          <PostMenu post={post} mine={mine} />
        </header>
        <p className="mt-3 whitespace-pre-wrap break-words">{post.content}</p>
        {post.imageUrl ? (
          <img
            src={mediaSrc(post.imageUrl)}
            alt={t`Photo shared by ${author}`}
            className="mt-3 max-h-[32rem] w-full rounded-lg object-cover"
            loading="lazy"
          />
        ) : null}
        <footer className="mt-3 flex items-center gap-2 border-t border-border pt-2">
          <LikeButton post={post} />
          <button
            type="button"
            onClick={() => setShowComments((s) => !s)}
            {...commentsIntent}
            aria-expanded={showComments}
            aria-controls={showComments ? commentsId : undefined}
            aria-label={t({ message: plural(comments, { one: 'Comments, # comment', other: 'Comments, # comments' }) })}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm text-muted hover:bg-surface-2"
          >
            <MessageCircle className="h-4 w-4" aria-hidden />
            <span>{formatNumber(comments)}</span>
          </button>
        </footer>
        {showComments ? (
          <Suspense fallback={<div id={commentsId} className="mt-4 border-t border-border pt-4"><Skeleton className="h-16" /></div>}>
            <CommentsPanel postId={post.id} id={commentsId} />
          </Suspense>
        ) : null}
      </Card>
    </article>
  );
}
