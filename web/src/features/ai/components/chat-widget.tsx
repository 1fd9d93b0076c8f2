import { Trans, useLingui } from '@lingui/react/macro';
import { MessageCircle, Minus, X } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { ABOVE_TAB_BAR, PHONE_PANEL_MAX_H } from '@/components/layout/above-tab-bar';
import { Badge } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { isUnauthorizedError } from '@/lib/unauthorized';
import { useChatConversation } from '../api/chat-conversation';
import { ChatComposer, ChatLog, SuggestedPrompts } from './chat-parts';
import { CHAT_TEXTS, rateLimitMessage, WIDGET_PROMPTS } from './chat-text';
import { useChat } from './use-chat';

/** The widget's states (docs/product.md, "Chat widget (feed)"): closed is the launcher's round button. */
export type ChatView = 'closed' | 'open' | 'minimised';

/** Why a chat message got no answer (docs/product.md, "Messages"). */
function sendFailed(error: unknown): void {
  // A lost session: the logged-out rule, applied by the query client's mutation cache (query-client.ts).
  if (isUnauthorizedError(error)) return;
  toast({ title: CHAT_TEXTS.errorTitle, description: rateLimitMessage(error) ?? CHAT_TEXTS.sendFailed, variant: 'error' });
}

const iconButton = 'inline-flex h-8 w-8 items-center justify-center rounded-md text-muted transition hover:bg-surface-2 hover:text-fg';

/**
 * The feed's floating VitolAI chat (loaded on first open, see chat-launcher.tsx): open, it is a panel with the
 * conversation, the first suggested prompts on an empty chat and the input; minimised, a bar that opens it again.
 * The conversation lives in this component (topic 'general', one session id), so it is kept while the widget is
 * minimised or closed, until the page is left.
 */
export function ChatWidget({ view, onViewChange }: { view: ChatView; onViewChange: (view: ChatView) => void }) {
  const { t } = useLingui();
  const label = t`VitolAI chat`;
  const { mutateAsync } = useChatConversation();
  const ask = useCallback((message: string, sessionId: string, onDelta: (text: string) => void) => mutateAsync({ body: { sessionId, message, topic: 'general' }, onDelta }), [mutateAsync]);
  const chat = useChat({ ask, onError: sendFailed });
  const expand = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Minimising keeps the keyboard on the widget: the focus goes to the bar's expand button.
  useEffect(() => {
    if (view === 'minimised' && wasOpen.current) expand.current?.focus();
    wasOpen.current = view === 'open';
  }, [view]);

  if (view === 'closed') return null;

  if (view === 'minimised') {
    return (
      <section aria-label={label} className={`fixed ${ABOVE_TAB_BAR} right-4 md:right-6 z-50 flex items-center gap-1 rounded-full border border-border bg-surface py-1 pl-2 pr-1 shadow-2xl`}>
        <button ref={expand} type="button" onClick={() => onViewChange('open')} aria-label={t`Expand VitolAI chat`} className="flex items-center gap-2 rounded-full px-2 py-1 text-fg hover:text-primary">
          <MessageCircle className="h-5 w-5 text-primary" aria-hidden />
          <span className="text-sm font-semibold">VitolAI</span>
          {chat.pending ? <span className="text-xs text-muted"><Trans>typing...</Trans></span> : chat.messages.length ? <span className="text-xs text-muted">({chat.messages.length})</span> : null}
        </button>
        <button type="button" onClick={() => onViewChange('closed')} aria-label={t`Close chat`} className={iconButton}><X className="h-4 w-4" aria-hidden /></button>
      </section>
    );
  }

  return (
    <section
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onViewChange('minimised');
      }}
      className={`fixed ${ABOVE_TAB_BAR} right-4 md:right-6 z-50 flex h-[32rem] ${PHONE_PANEL_MAX_H} w-[min(24rem,calc(100vw-2rem))] flex-col rounded-xl border border-border bg-surface shadow-2xl`}
    >
      <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
        <div className="flex items-center gap-2">
          <MessageCircle className="h-5 w-5 text-primary" aria-hidden />
          <h2 className="font-semibold">VitolAI</h2>
          <Badge className="bg-primary/20 text-primary"><Trans>Beta</Trans></Badge>
        </div>
        <div className="flex items-center">
          <button type="button" onClick={() => onViewChange('minimised')} aria-label={t`Minimise chat`} className={iconButton}><Minus className="h-4 w-4" aria-hidden /></button>
          <button type="button" onClick={() => onViewChange('closed')} aria-label={t`Close chat`} className={iconButton}><X className="h-4 w-4" aria-hidden /></button>
        </div>
      </header>
      <ChatLog
        messages={chat.messages}
        pending={chat.waiting}
        label={t`Conversation with VitolAI`}
        className="min-h-0 flex-1 px-4 py-3"
        empty={(
          <div className="text-sm">
            <p className="mb-3 text-muted"><Trans>Hi! I am VitolAI, the club&apos;s assistant. Ask me about cigars, the club or finding your way around.</Trans></p>
            <SuggestedPrompts prompts={WIDGET_PROMPTS} onPick={chat.send} disabled={chat.pending} />
          </div>
        )}
      />
      <div className="border-t border-border px-3 py-2">
        <ChatComposer
          draft={chat.draft}
          onDraftChange={chat.setDraft}
          onSend={chat.send}
          pending={chat.pending}
          label={t`Message VitolAI`}
          placeholder={t`Ask VitolAI...`}
          compact
          autoFocus
        />
      </div>
    </section>
  );
}

export default ChatWidget;
