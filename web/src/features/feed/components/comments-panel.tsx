import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { COMMENT_MAX_LENGTH } from '@torcedor/shared/constants';
import { NewComment, type Comment } from '@torcedor/shared/schemas/social';
import { Trash2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { MemberBadge } from '@/components/member-badge';
import { ReportButton } from '@/components/report-button';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { formatRelative } from '@/lib/date-time';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/list-comments';
import { Avatar } from './avatar';

type CommentValues = z.input<typeof NewComment>;

function CommentItem({ postId, comment, mine, now }: { postId: string; comment: Comment; mine: boolean; now: Date }) {
  const { t } = useLingui();
  const remove = useDeleteComment();
  const onDelete = () => {
    remove.mutate({ postId, commentId: comment.id }, {
      onSuccess: () => toast({ title: t`Success`, description: t`Comment deleted`, variant: 'success' }),
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to delete comment`), variant: 'error' }),
    });
  };
  return (
    <li className="flex gap-3">
      <Avatar name={comment.userName} imageUrl={comment.userImageUrl} className="h-8 w-8 text-sm" />
      <div className="min-w-0 flex-1 rounded-md bg-surface-2 px-3 py-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="flex items-center gap-1 text-sm font-semibold">{comment.userName}<MemberBadge premium={comment.premium} /></p>
          <time className="text-xs text-muted" dateTime={comment.createdAt}>{formatRelative(comment.createdAt, now)}</time>
        </div>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm">{comment.content}</p>
        <div className="mt-1 flex justify-end">
          {mine ? (
            <Button variant="ghost" size="sm" onClick={onDelete} disabled={remove.isPending} aria-label={t`Delete comment`} className="text-muted">
              <Trash2 className="h-4 w-4" aria-hidden />
              <Trans>Delete</Trans>
            </Button>
          ) : (
            <ReportButton targetType="comment" targetId={`${postId}:${comment.id}`} />
          )}
        </div>
      </div>
    </li>
  );
}

function CommentList({ postId }: { postId: string }) {
  const comments = useComments(postId);
  const user = useCurrentUser();
  const { t } = useLingui();
  const now = new Date();
  if (comments.isPending) return <div className="space-y-2" role="status" aria-label={t`Loading comments`}><Skeleton className="h-12" /><Skeleton className="h-12" /></div>;
  if (comments.isError) {
    return (
      <div className="flex items-center gap-2 text-sm text-muted">
        <p><Trans>Could not load the comments.</Trans></p>
        <Button variant="outline" size="sm" onClick={() => void comments.refetch()} disabled={comments.isFetching}><Trans>Try again</Trans></Button>
      </div>
    );
  }
  const { items } = comments.data;
  if (!items.length) return <p className="text-sm text-muted"><Trans>No comments yet. Be the first to comment.</Trans></p>;
  return (
    <ul className="space-y-3" aria-label={t`Comments`}>
      {items.map((c) => <CommentItem key={c.id} postId={postId} comment={c} mine={!!user && c.userId === user.id} now={now} />)}
    </ul>
  );
}

function AddCommentForm({ postId }: { postId: string }) {
  const { t } = useLingui();
  const add = useAddComment();
  const { register, handleSubmit, reset, control, formState: { errors } } = useForm<CommentValues, unknown, z.output<typeof NewComment>>({
    resolver: zodResolver(NewComment),
    defaultValues: { content: '' },
  });
  const content = useWatch({ control, name: 'content' }) ?? '';
  const submit = (body: z.output<typeof NewComment>) => {
    add.mutate({ postId, body }, {
      onSuccess: () => reset({ content: '' }),
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to add comment`), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={t`Write a comment`} className="mt-3">
      <FormField label={t`Add a comment`} error={errors.content?.message} hint={`${formatNumber(content.length)}/${formatNumber(COMMENT_MAX_LENGTH)}`}>
        {(p) => <Textarea {...p} rows={2} className="min-h-16" placeholder={t`Write a comment...`} {...register('content')} />}
      </FormField>
      <div className="mt-2 flex justify-end">
        <Button type="submit" size="sm" disabled={add.isPending || content.trim() === ''}>{add.isPending ? t`Posting...` : t({ message: 'Comment', context: 'action' })}</Button>
      </div>
    </form>
  );
}

/** A post's comments (oldest first) and the form to add one. */
export function CommentsPanel({ postId, id }: { postId: string; id: string }) {
  return (
    <div id={id} className="mt-4 border-t border-border pt-4">
      <CommentList postId={postId} />
      <AddCommentForm postId={postId} />
    </div>
  );
}
