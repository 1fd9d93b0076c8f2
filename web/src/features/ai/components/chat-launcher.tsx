import { useLingui } from '@lingui/react/macro';
import { MessageCircle } from 'lucide-react';
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { ABOVE_TAB_BAR } from '@/components/layout/above-tab-bar';
import { prefetchOnIntent } from '@/lib/prefetch-on-intent';
import { toast } from '@/lib/toast';
import type { ChatView } from './chat-widget';
import { loadChatWidget as loadWidget } from './load-chat-widget';

const widgetIntent = prefetchOnIntent(loadWidget);

const round = `fixed ${ABOVE_TAB_BAR} right-4 md:right-6 z-50 flex h-14 w-14 items-center justify-center rounded-full bg-primary text-primary-fg shadow-2xl transition hover:brightness-110`;

/** Keeps a failed load of the widget's code (offline, or a new release) from taking the feed down with it. */
class LoadBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The feed's chat widget, closed: a round button, the only part on the page at first. The widget's code loads when
 * it is first opened (fetched ahead when the button is pointed at or focused), so it adds nothing to the feed's
 * first load; once opened, the widget stays mounted and keeps its conversation while minimised or closed.
 */
export function ChatLauncher() {
  const { t } = useLingui();
  const [view, setView] = useState<ChatView>('closed');
  const [started, setStarted] = useState(false);
  // A failed load is remembered by its lazy component: a new one tries again.
  const [ChatWidget, setChatWidget] = useState(() => lazy(loadWidget));
  const button = useRef<HTMLButtonElement>(null);

  // Closing the widget brings the focus back to the button that opened it.
  useEffect(() => {
    if (view === 'closed' && started) button.current?.focus();
  }, [view, started]);

  const loadFailed = () => {
    toast({ title: t`Error`, description: t`VitolAI could not be opened. Please try again.`, variant: 'error' });
    setStarted(false);
    setView('closed');
    setChatWidget(() => lazy(loadWidget));
  };

  return (
    <>
      {view === 'closed' ? (
        <button
          ref={button}
          type="button"
          aria-label={t`Open VitolAI chat`}
          className={round}
          onClick={() => {
            setStarted(true);
            setView('open');
          }}
          {...widgetIntent}
        >
          <MessageCircle className="h-6 w-6" aria-hidden />
        </button>
      ) : null}
      {started ? (
        <LoadBoundary onError={loadFailed}>
          <Suspense fallback={view === 'closed' ? null : <div role="status" aria-label={t`Opening VitolAI chat`} className={`${round} animate-pulse`}><MessageCircle className="h-6 w-6" aria-hidden /></div>}>
            <ChatWidget view={view} onViewChange={setView} />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </>
  );
}
