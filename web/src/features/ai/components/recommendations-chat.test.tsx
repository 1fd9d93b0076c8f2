import type { User } from '@torcedor/shared/schemas/identity';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { dismissToast } from '@/lib/toast';
import { callsOf, json, sse, type Handler } from '@/testing/fake-api';
import { loadRecommendations } from '../api/load-recommendations';
import { answer, PROFILE, renderAt, usage } from './ai-test-utils';
import { RecommendationsPage } from './recommendations-page';

const SAVED = 'session-1767225600000abcdef123456';
const READS: Record<string, Handler> = {
  'GET /api/ai/usage': () => json(usage(1)),
  'GET /api/recommendations/profile': () => json(PROFILE),
  'GET /api/recommendations/quick': () => json({ items: [] }),
  'GET /api/recommendations/smoke-next': () => json({ items: [] }),
  'GET /api/user/smoking-history': () => json([]),
};
/** The signed-in member: the chat kept on the device is theirs. Only the id is read by the page. */
const member = { id: 'u1' } as User;

function renderPage(handlers: Record<string, Handler>, user: User | null = member) {
  const client = createQueryClient();
  client.setQueryData(currentUserQuery.queryKey, user);
  return renderAt(RecommendationsPage, '/recommendations', { ...READS, ...handlers }, { client, loader: (c) => loadRecommendations(c, { refresh: true }) });
}
const log = () => screen.getByRole('log', { name: 'Conversation with VitolAI' });
const saved = () => JSON.parse(localStorage.getItem('torcedor:vitolai-chat') ?? 'null') as { userId: string; sessionId: string } | null;
const streamed = (fetch: ReturnType<typeof renderPage>['fetch']) =>
  callsOf(fetch).filter((c) => c.call === 'POST /api/chatbot/recommendations/stream').map((c) => (c.body as { sessionId: string }).sessionId);

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('the recommendations chat after a reload', { timeout: 20_000 }, () => {
  it("reads the member's last chat back from the server and goes on with it", async () => {
    localStorage.setItem('torcedor:vitolai-chat', JSON.stringify({ userId: 'u1', sessionId: SAVED }));
    const { fetch, user } = renderPage({
      [`GET /api/chatbot/sessions/${SAVED}`]: () => json({
        sessionId: SAVED,
        messages: [
          { role: 'user', content: 'Something mild for the morning', timestamp: '2026-01-01T08:00:00.000Z' },
          { role: 'assistant', content: 'Try a Connecticut-shade robusto.', timestamp: '2026-01-01T08:00:01.000Z' },
        ],
      }),
      'POST /api/chatbot/recommendations/stream': () => sse(answer('A second one: a mild corona.', { usage: usage(2) })),
    });
    expect(await screen.findByText('Try a Connecticut-shade robusto.', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(log()).getByText('Something mild for the morning')).toBeTruthy();

    await user.type(screen.getByLabelText('Ask VitolAI'), 'And another?{Enter}');
    await within(log()).findByText('A second one: a mild corona.');
    expect(streamed(fetch)).toEqual([SAVED]);
    expect(saved()).toEqual({ userId: 'u1', sessionId: SAVED });
  });

  it('keeps a new chat as the current one, and never resumes another member\'s chat', async () => {
    localStorage.setItem('torcedor:vitolai-chat', JSON.stringify({ userId: 'someone-else', sessionId: SAVED }));
    const { fetch, user } = renderPage({ 'POST /api/chatbot/recommendations/stream': () => sse(answer('Here is one.')) });
    await user.type(await screen.findByLabelText('Ask VitolAI', {}, { timeout: 5000 }), 'Something for tonight{Enter}');
    await within(log()).findByText('Here is one.');
    expect(callsOf(fetch).some((c) => c.call.startsWith('GET /api/chatbot/sessions/'))).toBe(false);
    const [sessionId] = streamed(fetch);
    expect(sessionId).not.toBe(SAVED);
    await waitFor(() => expect(saved()).toEqual({ userId: 'u1', sessionId }));
  });

  it('starts a new chat when the kept one cannot be read back', async () => {
    localStorage.setItem('torcedor:vitolai-chat', JSON.stringify({ userId: 'u1', sessionId: SAVED }));
    renderPage({ [`GET /api/chatbot/sessions/${SAVED}`]: () => json({ message: 'Service temporarily unavailable. Please try again.', code: 'UNAVAILABLE' }, 503) });
    expect(await screen.findByLabelText('Ask VitolAI', {}, { timeout: 5000 })).toBeTruthy();
    expect(log().children).toHaveLength(0);
  });
});
