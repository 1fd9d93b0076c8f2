import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AI_SMOKING_HISTORY_ENTRIES } from '@torcedor/shared/constants';
import type { AiUsage } from '@torcedor/shared/schemas/ai';
import { RotateCcw, Sparkles } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Badge, Card, PageTitle, Skeleton } from '@/components/ui/card';
import { currentUserQuery } from '@/lib/current-user';
import { toast } from '@/lib/toast';
import { isUnauthorizedError } from '@/lib/unauthorized';
import { isDailyLimit, useChatRecommendations } from '../api/chat-recommendations';
import { useAiProfile } from '../api/get-ai-profile';
import { useAiUsage } from '../api/get-ai-usage';
import { chatHistoryQuery } from '../api/get-chat-history';
import { useSmokingHistory } from '../api/get-smoking-history';
import { ChatComposer, ChatLog, SuggestedPrompts } from './chat-parts';
import { CHAT_TEXTS, PAGE_PROMPTS, rateLimitMessage } from './chat-text';
import { ProfileCard, QuickPicksCard, SmokeNextCard, UsageBanner } from './recommendation-cards';
import { saveChatSession, savedChatSession } from '../saved-chat';
import { useChat } from './use-chat';

const showDailyLimit = () => toast({ title: CHAT_TEXTS.dailyLimitTitle, description: CHAT_TEXTS.dailyLimit, variant: 'error' });

/** Why a recommendation got no answer (docs/product.md, "Messages"). */
function recommendationFailed(error: unknown): void {
  // A lost session: the logged-out rule, applied by the query client's mutation cache (query-client.ts).
  if (isUnauthorizedError(error)) return;
  if (isDailyLimit(error)) return showDailyLimit();
  toast({ title: CHAT_TEXTS.errorTitle, description: rateLimitMessage(error) ?? CHAT_TEXTS.recommendationFailed, variant: 'error' });
}

/** The signed-in member as the authenticated layout read them (this page never reads them itself). */
const useSignedInMember = () => useQueryClient().getQueryData(currentUserQuery.queryKey) ?? null;

/**
 * The chat card: the member's chat with VitolAI (recommendations, grounded in the member's profile and first
 * smoking-history entries), going on from `resume` when the member was in one; the chat on screen (a new chat too) is
 * kept as the member's current one, so a reload goes on with it.
 */
function RecommendationsChat({ usage, resume }: { usage: z.infer<typeof AiUsage>; resume: Parameters<typeof useChat>[0]['resume'] }) {
  const { t } = useLingui();
  const user = useSignedInMember();
  const { data: profile } = useAiProfile();
  const { data: history } = useSmokingHistory();
  const { mutateAsync } = useChatRecommendations();
  const headingId = useId();

  const ask = useCallback((message: string, sessionId: string, onDelta: (text: string) => void) => mutateAsync({
    body: {
      sessionId,
      message,
      userProfile: { preferredStrength: profile?.preferredStrength },
      smokingHistory: (history ?? []).slice(0, AI_SMOKING_HISTORY_ENTRIES).map((e) => ({ cigarId: e.cigarId, rating: e.rating })),
    },
    onDelta,
  }), [mutateAsync, profile?.preferredStrength, history]);
  const chat = useChat({ ask, onError: recommendationFailed, resume });
  useEffect(() => {
    if (user) saveChatSession(user.id, chat.sessionId);
  }, [user, chat.sessionId]);

  const send = (text: string) => {
    if (!text.trim() || chat.pending) return;
    // A free member's quota is checked here first (the server checks it again); a count from before the daily reset is not.
    if (usage.limit !== null && usage.used >= usage.limit && Date.now() < Date.parse(usage.resetsAt)) return showDailyLimit();
    chat.send(text);
  };

  return (
    <Card className="flex h-[36rem] flex-col p-0">
      <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-5 py-3">
          <div className="flex items-center gap-2">
            <h2 id={headingId} className="text-lg font-semibold"><Trans>Chat with VitolAI</Trans></h2>
            <Badge className="bg-primary/20 text-primary"><Sparkles className="mr-1 h-3.5 w-3.5" aria-hidden /><Trans>AI Powered</Trans></Badge>
          </div>
          {chat.messages.length ? (
            <Button variant="ghost" size="sm" onClick={chat.reset} disabled={chat.pending}>
              <RotateCcw className="h-4 w-4" aria-hidden /><Trans>New chat</Trans>
            </Button>
          ) : null}
        </div>
        <ChatLog
          messages={chat.messages}
          pending={chat.waiting}
          label={t`Conversation with VitolAI`}
          className="min-h-0 flex-1 px-5 py-4"
          empty={(
            <div>
              <p className="mb-4 text-muted"><Trans>Ask VitolAI for a recommendation: it knows the catalog, your reviews and your humidor.</Trans></p>
              <SuggestedPrompts prompts={PAGE_PROMPTS} onPick={send} disabled={chat.pending} />
            </div>
          )}
        />
        <div className="border-t border-border px-5 py-3">
          <ChatComposer
            draft={chat.draft}
            onDraftChange={chat.setDraft}
            onSend={send}
            pending={chat.pending}
            label={t`Ask VitolAI`}
            placeholder={t`Ask for a recommendation...`}
          />
        </div>
      </section>
    </Card>
  );
}

/**
 * The chat the member was in, read back from the server: undefined while it is read, else what to go on from (none:
 * a new chat; a chat the server cannot give back now starts afresh too).
 */
function useResumedChat() {
  const user = useSignedInMember();
  const [sessionId] = useState(() => (user ? savedChatSession(user.id) : null));
  const { data, isPending, isError } = useQuery({ ...chatHistoryQuery(sessionId ?? 'session-none'), enabled: sessionId !== null });
  if (!sessionId || isError) return { resume: undefined, loading: false };
  if (isPending) return { resume: undefined, loading: true };
  return { resume: { sessionId, turns: data.messages }, loading: false };
}

/**
 * /recommendations, VitolAI's home (docs/product.md, "Recommendations screen"): the free-tier banner, the chat
 * (going on with the member's last one), and beside it the profile card, Quick Picks and what to smoke next from the
 * humidor.
 */
export function RecommendationsPage() {
  const { t } = useLingui();
  const { data: usage } = useAiUsage();
  const { resume, loading } = useResumedChat();

  return (
    <>
      <PageTitle
        title={t`AI Recommendations`}
        subtitle={t`VitolAI (beta) suggests cigars from your taste and collection, and answers questions about cigars and the club.`}
      />
      <UsageBanner usage={usage} />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        {loading ? <Skeleton className="h-[36rem]" /> : <RecommendationsChat usage={usage} resume={resume} />}
        <aside className="space-y-6" aria-label={t`Your recommendations`}>
          <ProfileCard />
          <QuickPicksCard />
          <SmokeNextCard />
        </aside>
      </div>
    </>
  );
}
