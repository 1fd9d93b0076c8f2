import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Post } from '@torcedor/shared/schemas/social';
import { Heart } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useToggleLike } from '../api/toggle-like';

/** Like / take back the like. The pressed state and count change only with the server's answer. */
export function LikeButton({ post }: { post: Post }) {
  const { t } = useLingui();
  const like = useToggleLike();
  const count = post.likeCount;
  const onClick = () => {
    like.mutate(post.id, {
      onError: () => toast({ title: t`Error`, description: t`Failed to update like`, variant: 'error' }),
    });
  };
  return (
    <button
      type="button"
      aria-pressed={post.likedByMe}
      aria-label={t({ message: plural(count, { one: 'Like, # like', other: 'Like, # likes' }) })}
      disabled={like.isPending}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm hover:bg-surface-2 disabled:opacity-60',
        post.likedByMe ? 'text-primary' : 'text-muted',
      )}
    >
      <Heart className={cn('h-4 w-4', post.likedByMe && 'fill-current')} aria-hidden />
      <span>{formatNumber(count)}</span>
    </button>
  );
}
