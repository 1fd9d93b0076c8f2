import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { AI_MESSAGE_MAX_LENGTH } from '@torcedor/shared/constants';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/date-time';
import { textBlocks } from './chat-text';
import type { ChatMessage } from './use-chat';

/** An assistant answer as paragraphs and bullet lists: elements only, the text is never read as HTML. */
export function AssistantText({ text }: { text: string }) {
  return (
    <div className="space-y-2">
      {textBlocks(text).map((block, i) => block.kind === 'list' ? (
        <ul key={i} className="list-disc space-y-1 pl-5">
          {block.items.map((item, j) => <li key={j}>{item}</li>)}
        </ul>
      ) : (
        <p key={i} className="whitespace-pre-line">{block.text}</p>
      ))}
    </div>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  const { t } = useLingui();
  const mine = message.role === 'user';
  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div data-message={message.role} className={cn('max-w-[85%] break-words rounded-lg px-3 py-2 text-sm', mine ? 'bg-primary text-primary-fg' : 'bg-surface-2 text-fg')}>
        <span className="sr-only">{mine ? t`You said:` : t`VitolAI said:`} </span>
        {mine ? <p className="whitespace-pre-wrap">{message.content}</p> : <AssistantText text={message.content} />}
        {message.suggestions?.length ? (
          <ul className="mt-3 space-y-2 border-t border-border pt-2" aria-label={t`Suggested cigars`}>
            {message.suggestions.map((s, i) => (
              <li key={`${i}-${s.cigarId}`}>
                <Link to="/cigars/$id" params={{ id: s.cigarId }} className="font-medium text-primary">{s.brandName} {s.name}</Link>
                <span className="block text-xs text-muted">{s.reason}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <time dateTime={message.timestamp} className={cn('mt-1 block text-[0.7rem]', mine ? 'text-primary-fg/70' : 'text-muted')}>{formatTime(message.timestamp)}</time>
      </div>
    </div>
  );
}

/** Three bouncing dots while an answer is awaited, named for screen readers. */
export function TypingIndicator() {
  const { t } = useLingui();
  const typing = t`VitolAI is typing`;
  return (
    <div role="status" aria-label={typing} className="flex w-fit items-center gap-1 rounded-lg bg-surface-2 px-3 py-3">
      {[0, 150, 300].map((delay) => (
        <span key={delay} aria-hidden className="h-2 w-2 animate-bounce rounded-full bg-muted" style={{ animationDelay: `${delay}ms` }} />
      ))}
      <span className="sr-only">{typing}...</span>
    </div>
  );
}

/**
 * The conversation: a log region (new messages announced politely) in a scrolling box that follows the latest
 * message, the typing indicator while waiting, and `empty` (the suggested prompts) before the first message.
 */
export function ChatLog({ messages, pending, label, empty, className }: {
  messages: ChatMessage[];
  pending: boolean;
  label: string;
  empty?: ReactNode;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // A streamed answer grows in place: follow its text as well as new messages.
  const lastText = messages.at(-1)?.content;
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, lastText, pending]);
  return (
    <div ref={box} className={cn('space-y-3 overflow-y-auto', className)}>
      {messages.length === 0 && !pending ? empty : null}
      <div role="log" aria-live="polite" aria-label={label} className="space-y-3">
        {messages.map((m) => <MessageBubble key={m.id} message={m} />)}
      </div>
      {pending ? <TypingIndicator /> : null}
    </div>
  );
}

/** The suggested prompts of an empty chat: each one is sent as it is picked. */
export function SuggestedPrompts({ prompts, onPick, disabled, className }: {
  prompts: readonly MessageDescriptor[];
  onPick: (prompt: string) => void;
  disabled?: boolean;
  className?: string;
}) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className={className}>
      <p id={id} className="mb-2 text-sm text-muted"><Trans>Try asking:</Trans></p>
      <ul aria-labelledby={id} className="flex flex-wrap gap-2">
        {prompts.map((prompt) => i18n._(prompt)).map((p) => (
          <li key={p}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(p)}
              className="rounded-full border border-border bg-surface-2 px-3 py-1.5 text-left text-sm text-fg transition hover:border-primary hover:text-primary disabled:opacity-50"
            >
              {p}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The message input and send button. The input is disabled while an answer is pending (and gets the focus back
 * when it arrives, if the member was typing); the button also while the input is blank.
 */
export function ChatComposer({ draft, onDraftChange, onSend, pending, label, placeholder, compact = false, autoFocus = false }: {
  draft: string;
  onDraftChange: (value: string) => void;
  onSend: (text: string) => void;
  pending: boolean;
  label: string;
  placeholder: string;
  compact?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const waited = useRef(false);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  // When an answer arrives: back to the input if the member sent from it, or if the focus was lost meanwhile (the
  // disabled input or a picked prompt, gone with the empty chat, dropped it), never away from where they moved it.
  useEffect(() => {
    if (pending) {
      waited.current = true;
      return;
    }
    if (!waited.current) return;
    waited.current = false;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (refocus.current || lost) input.current?.focus();
    refocus.current = false;
  }, [pending]);
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        refocus.current = document.activeElement === input.current;
        onSend(draft);
      }}
    >
      <label htmlFor={id} className="sr-only">{label}</label>
      <Input
        ref={input}
        id={id}
        value={draft}
        onChange={(e) => onDraftChange(e.target.value)}
        disabled={pending}
        maxLength={AI_MESSAGE_MAX_LENGTH}
        placeholder={placeholder}
        autoComplete="off"
        className="min-w-0 flex-1"
      />
      <Button type="submit" size={compact ? 'icon' : 'md'} disabled={pending || !draft.trim()} aria-label={compact ? t`Send message` : undefined}>
        <Send className="h-4 w-4" aria-hidden />
        {compact ? null : t`Send`}
      </Button>
    </form>
  );
}
