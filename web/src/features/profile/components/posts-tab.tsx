import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Post } from '@torcedor/shared/schemas/social';
import { Heart, MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, Skeleton } from '@/components/ui/card';
import { formatRelative } from '@/lib/date-time';
import { formatNumber } from '@/lib/numbers';
import { useUserPosts } from '../api/get-user-posts';

/** A member's posts, newest first, with 'Load more' for older ones. Likes and comments are shown, not acted on, here. */
export function PostsTab({ memberId, emptyText }: { memberId: string; emptyText: string }) {
  const { t } = useLingui();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useUserPosts(memberId);
  if (isPending) return <div className="space-y-4" aria-busy="true"><Skeleton className="h-32" /><Skeleton className="h-32" /></div>;
  if (isError && !data) {
    return (
      <EmptyState title={t`Could not load posts`} text={t`Check your connection and try again.`}>
        <Button variant="outline" onClick={() => void refetch()}>{t`Try again`}</Button>
      </EmptyState>
    );
  }
  const posts = data.pages.flatMap((p) => p.items);
  if (posts.length === 0) return <EmptyState title={t`No Posts Yet`} text={emptyText} />;
  const now = new Date();
  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label={t`Posts`}>
        {posts.map((p) => <li key={p.id}><PostCard post={p} now={now} /></li>)}
      </ul>
      {isFetchNextPageError ? <p role="alert" className="text-center text-sm text-danger">{t`Could not load more posts.`}</p> : null}
      {hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t`Loading...` : t`Load more`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function PostCard({ post, now }: { post: Post; now: Date }) {
  const { t } = useLingui();
  const author = post.userName;
  const likes = post.likeCount;
  const comments = post.commentCount;
  return (
    <Card>
      <article aria-label={t`Post by ${author}`}>
        <p className="text-xs text-muted"><time dateTime={post.createdAt}>{formatRelative(post.createdAt, now)}</time></p>
        {/* Plain text only: React escapes it; never rendered as HTML. */}
        <p className="mt-2 whitespace-pre-wrap break-words">{post.content}</p>
        {post.imageUrl ? <img src={post.imageUrl} alt="" className="mt-3 max-h-96 rounded-lg object-cover" loading="lazy" /> : null}
        <div className="mt-3 flex gap-4 text-sm text-muted">
          <span className="inline-flex items-center gap-1">
            <Heart className="h-4 w-4" aria-hidden />
            <span aria-hidden>{formatNumber(likes)}</span>
            <span className="sr-only">{t({ message: plural(likes, { one: '# like', other: '# likes' }) })}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageCircle className="h-4 w-4" aria-hidden />
            <span aria-hidden>{formatNumber(comments)}</span>
            <span className="sr-only">{t({ message: plural(comments, { one: '# comment', other: '# comments' }) })}</span>
          </span>
        </div>
      </article>
    </Card>
  );
}
