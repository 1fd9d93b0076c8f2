import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGE_MAX_LENGTH } from '@torcedor/shared/constants';
import { NewMessage } from '@torcedor/shared/schemas/messages';
import { SendHorizontal } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { messageKeys } from '@/lib/message-cache';
import { formatNumber } from '@/lib/numbers';
import { useSendMessage } from '../api/send-message';
import { isClosed, sendErrorText } from './message-errors';

type Values = z.input<typeof NewMessage>;
type Checked = z.output<typeof NewMessage>;

/** The counter shows from this many characters before the limit. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

/**
 * The thread's composer: the shared NewMessage rule (1-2,000 characters, trimmed) checks the text before it is sent;
 * Enter sends, Shift+Enter starts a new line; the counter shows near the limit. `closed` is the reason the member may
 * not reply (the composer is then disabled and says why).
 */
export function MessageComposer({ memberId, closed }: { memberId: string; closed: string | null }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const send = useSendMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, control, formState: { errors } } = useForm<Values, unknown, Checked>({
    resolver: zodResolver(NewMessage),
    defaultValues: { to: memberId, text: '' },
  });
  const text = useWatch({ control, name: 'text' }) ?? '';
  const id = useId();
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const disabled = closed !== null;

  const submit = handleSubmit((body) => {
    if (send.isPending) return;
    setFailure(null);
    send.mutate(body, {
      onSuccess: () => reset({ to: memberId, text: '' }),
      onError: (err) => {
        setFailure(sendErrorText(err));
        // Refused by their setting or a block: the thread reads again, and its reply state with it.
        if (isClosed(err)) void queryClient.invalidateQueries({ queryKey: messageKeys.thread(memberId) });
      },
    });
  });
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  const error = errors.text?.message ?? failure ?? undefined;
  const near = text.length >= COUNTER_FROM;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Send a message`} className="border-t border-border p-3">
      {disabled ? <p className="mb-2 text-sm text-muted" data-testid="reply-closed">{closed}</p> : null}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only"><Trans context="noun">Message</Trans></label>
        <textarea
          id={id}
          {...register('text', { onChange: () => setFailure(null) })}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={disabled ? t`You cannot reply to this conversation` : t`Write a message…`}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, near ? counterId : null].filter(Boolean).join(' ') || undefined}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-md border border-border bg-surface-2 px-3 py-2 text-fg placeholder:text-muted focus:border-primary focus:outline-none disabled:opacity-60 aria-invalid:border-danger"
        />
        <Button type="submit" size="icon" aria-label={t`Send`} disabled={disabled || send.isPending}>
          <SendHorizontal className="h-5 w-5" aria-hidden />
        </Button>
      </div>
      <div className="flex items-start justify-between gap-2">
        <FieldError id={errorId} message={error} />
        {near ? (
          <p id={counterId} aria-live="polite" className={cn('ml-auto mt-1 text-xs', text.length > MESSAGE_MAX_LENGTH ? 'text-danger' : 'text-muted')}>
            {formatNumber(text.length)}/{formatNumber(MESSAGE_MAX_LENGTH)}
          </p>
        ) : null}
      </div>
    </form>
  );
}
