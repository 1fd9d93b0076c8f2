import { AI_SMOKING_HISTORY_ENTRIES } from '@torcedor/shared/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { callsOf, json, sse, type Handler } from '@/testing/fake-api';
import { aiUsageQuery } from '../api/get-ai-usage';
import { loadRecommendations } from '../api/load-recommendations';
import {
  answer, errorAnswer, historyEntry, later, PROFILE, quickPick, renderAt, smokeNextPick, usage,
} from './ai-test-utils';
import { CHAT_TEXTS, PROMPTS as PROMPT_MESSAGES } from './chat-text';
import { RecommendationsPage } from './recommendations-page';

/** The suggested prompts' English texts (what the page shows in English). */
const PROMPTS = PROMPT_MESSAGES.map((m) => m.message!) as [string, string, string, string, string, string];

const READS: Record<string, Handler> = {
  'GET /api/ai/usage': () => json(usage(1)),
  'GET /api/recommendations/profile': () => json(PROFILE),
  'GET /api/recommendations/quick': () => json({ items: [1, 2, 3, 4].map((n) => quickPick(n, n === 2 ? { photoUrl: '/uploads/u9/pick2', averageRating: 88, reviewCount: 3 } : {})) }),
  'GET /api/recommendations/smoke-next': () => json({ items: [smokeNextPick(1)] }),
  'GET /api/user/smoking-history': () => json([...Array(12).keys()].map(historyEntry)),
};

function renderPage(handlers: Record<string, Handler> = {}) {
  return renderAt(RecommendationsPage, '/recommendations', { ...READS, ...handlers }, { loader: (client) => loadRecommendations(client, { refresh: true }) });
}

const chatInput = () => screen.getByLabelText('Ask VitolAI') as HTMLInputElement;
const log = () => screen.getByRole('log', { name: 'Conversation with VitolAI' });
const banner = () => screen.getByText(/^Free Tier:/);
/** The page has rendered with its usage (the first render goes through the router and the loader: slow on a busy machine). */
const ready = (text: string | RegExp = /^Free Tier:/) => screen.findByText(text, {}, { timeout: 5000 });
const posts = (fetch: ReturnType<typeof renderPage>['fetch']) => callsOf(fetch).filter((c) => c.call === 'POST /api/chatbot/recommendations/stream');

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('the recommendations page', { timeout: 20_000 }, () => {
  it('shows the profile, the first 3 quick picks, what to smoke next and the free-tier banner from the server', async () => {
    renderPage();
    expect(await ready('Free Tier: 1/3 AI recommendations used today')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/subscription');

    const profile = await screen.findByRole('region', { name: 'Your Profile' });
    await within(profile).findByText('7');
    expect(within(profile).getByText('Cigars tried').nextElementSibling?.textContent).toBe('7');
    expect(within(profile).getByText('Average rating').nextElementSibling?.textContent).toBe('87.5 / 100');
    expect(within(profile).getByText('Preferred strength').nextElementSibling?.textContent).toBe('Medium-Full');

    const picks = screen.getByRole('region', { name: 'Quick Picks' });
    const items = await within(picks).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Brand 1');
    expect(items[0]!.textContent).toContain('Robusto');
    expect(items[0]!.textContent).toContain('Full');
    expect(items[0]!.textContent).toContain('94% match');
    expect(within(items[0]!).getByRole('link', { name: 'Cigar 1' }).getAttribute('href')).toBe('/cigars/cigar-1');
    expect(within(picks).queryByText('Cigar 4')).toBeNull();
    // No photo: the cigar drawn from its catalog fields; a photo: the community's; the rating wherever it has one.
    expect(within(items[0]!).getByRole('img', { name: 'Illustration of Brand 1 Cigar 1' }).tagName.toLowerCase()).toBe('svg');
    expect(within(items[0]!).getByText('No ratings yet')).toBeTruthy();
    expect(within(items[1]!).getByRole('img', { name: 'Photo of Brand 2 Cigar 2' }).getAttribute('src')).toBe('/uploads/u9/pick2');
    expect(within(items[1]!).getByRole('img', { name: 'Rated 4.4 out of 5' })).toBeTruthy();
    expect(items[1]!.textContent).toContain('(3 reviews)');

    const next = screen.getByRole('region', { name: 'Smoke Next from Your Humidor' });
    expect(await within(next).findByText('Rested and ready 1')).toBeTruthy();
    expect(within(next).getByText('Rested 41 days')).toBeTruthy();
    expect(within(next).getByText('Pair with: Pairing 1')).toBeTruthy();

    const chat = screen.getByRole('region', { name: 'Chat with VitolAI' });
    expect(within(chat).getByText('AI Powered')).toBeTruthy();
    expect(within(chat).getAllByRole('button').map((b) => b.textContent).slice(0, PROMPTS.length)).toEqual([...PROMPTS]);
    expect(within(chat).getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it("reads N/A without reviews, points an empty humidor to /humidor, and shows no banner with unlimited answers", async () => {
    renderPage({
      'GET /api/ai/usage': () => json(usage(5, null)),
      'GET /api/recommendations/profile': () => json({ cigarsTried: 0, averageRating: null, preferredStrength: 'medium' }),
      'GET /api/recommendations/smoke-next': () => json({ items: [] }),
    });
    expect(await ready('Unlimited AI recommendations are included in your membership.')).toBeTruthy();
    expect(screen.queryByText(/^Free Tier:/)).toBeNull();
    const profile = screen.getByRole('region', { name: 'Your Profile' });
    expect((await within(profile).findByText('Average rating')).nextElementSibling?.textContent).toBe('N/A');
    expect(within(profile).getByText('Preferred strength').nextElementSibling?.textContent).toBe('Medium');
    const next = screen.getByRole('region', { name: 'Smoke Next from Your Humidor' });
    expect((await within(next).findByRole('link', { name: 'Go to My Humidor' })).getAttribute('href')).toBe('/humidor');
  });

  it('sends a question: typing indicator, input disabled, then the answer in order, rendered safely, with its suggestions and the usage', async () => {
    const first = later();
    let asked = 0;
    const { fetch, user } = renderPage({
      'POST /api/chatbot/recommendations/stream': (req) => (asked++ === 0 ? first.handler(req) : sse(answer('A second answer.', { usage: usage(3) }))),
    });
    await ready('Free Tier: 1/3 AI recommendations used today');

    await user.type(chatInput(), '  Something full-bodied for tonight  {Enter}');
    const typing = await screen.findByRole('status', { name: CHAT_TEXTS.typing });
    expect(typing).toBeTruthy();
    expect(chatInput().disabled).toBe(true);
    expect(chatInput().value).toBe('');
    expect(within(log()).getByText('Something full-bodied for tonight')).toBeTruthy();
    // The suggested prompts go with the empty chat.
    expect(screen.queryByRole('button', { name: PROMPTS[0] })).toBeNull();

    const [sent] = posts(fetch);
    const body = sent!.body as { sessionId: string; message: string; userProfile: unknown; smokingHistory: unknown[] };
    expect(body.sessionId).toMatch(/^session-\d{13}[a-f0-9]{12}$/);
    expect(body.message).toBe('Something full-bodied for tonight');
    expect(body.userProfile).toEqual({ preferredStrength: 'medium-full' });
    expect(body.smokingHistory).toEqual([...Array(AI_SMOKING_HISTORY_ENTRIES).keys()].map((n) => ({ cigarId: `cigar-${n}`, rating: 80 + n })));

    // Nothing else is sent while the answer is pending.
    fireEvent.submit(chatInput().form!);
    expect(posts(fetch)).toHaveLength(1);

    first.reply(sse(answer('Here are two for tonight:\n- Padrón 1964: cocoa and coffee\n- Oliva Serie V: pepper\n\n<img src=x onerror="alert(1)"> Enjoy!', {
      suggestions: [{ cigarId: 'padron-1964', brandName: 'Padrón', name: '1964 Anniversary', reason: 'You rate maduros highly' }],
      usage: usage(2),
    })));
    await waitFor(() => expect(screen.queryByRole('status', { name: CHAT_TEXTS.typing })).toBeNull());
    expect(chatInput().disabled).toBe(false);
    expect(banner().textContent).toBe('Free Tier: 2/3 AI recommendations used today');

    const reply = within(log()).getByText('Here are two for tonight:').closest('[data-message]') as HTMLElement;
    expect(within(reply).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Padrón 1964: cocoa and coffee', 'Oliva Serie V: pepper', expect.stringContaining('Padrón 1964 Anniversary'),
    ]);
    expect(within(reply).getByText('<img src=x onerror="alert(1)"> Enjoy!')).toBeTruthy();
    expect(log().querySelector('img')).toBeNull();
    expect(within(reply).getByRole('link', { name: 'Padrón 1964 Anniversary' }).getAttribute('href')).toBe('/cigars/padron-1964');
    expect(within(reply).getByText('You rate maduros highly')).toBeTruthy();

    await user.type(chatInput(), 'And another?{Enter}');
    await within(log()).findByText('A second answer.');
    expect(banner().textContent).toBe('Free Tier: 3/3 AI recommendations used today');
    // Question, answer, question, answer: in the order they were asked and answered.
    const said = [...log().querySelectorAll('.sr-only')].map((s) => s.parentElement!.textContent!);
    expect(said).toEqual([
      expect.stringMatching(/^You said: Something full-bodied for tonight/),
      expect.stringMatching(/^VitolAI said: Here are two for tonight:/),
      expect.stringMatching(/^You said: And another\?/),
      expect.stringMatching(/^VitolAI said: A second answer\./),
    ]);
    // One chat: the same session id throughout.
    const [a, b] = posts(fetch).map((p) => (p.body as { sessionId: string }).sessionId);
    expect(a).toBe(b);
  });

  it('ignores blank messages', async () => {
    const { fetch, user } = renderPage({ 'POST /api/chatbot/recommendations/stream': () => sse(answer('Hi')) });
    await ready();
    await user.type(chatInput(), '   ');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(chatInput().form!);
    expect(posts(fetch)).toHaveLength(0);
    expect(log().children).toHaveLength(0);
  });

  it("shows 'Daily Limit Reached' on a 429 AI_DAILY_LIMIT, takes the question back into the input and reads the usage again", async () => {
    let used = 1;
    const { fetch, user } = renderPage({
      'GET /api/ai/usage': () => json(usage(used)),
      'POST /api/chatbot/recommendations/stream': () => {
        used = 3;
        return errorAnswer(429, 'AI_DAILY_LIMIT', CHAT_TEXTS.dailyLimit);
      },
    });
    await ready('Free Tier: 1/3 AI recommendations used today');
    await user.click(screen.getByRole('button', { name: PROMPTS[1] }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Daily Limit Reached')).toBeTruthy();
    expect(within(toast).getByText('Free users are limited to 3 AI recommendations per day. Upgrade to Premium for unlimited access!')).toBeTruthy();
    expect(log().children).toHaveLength(0);
    expect(chatInput().value).toBe(PROMPTS[1]);
    await screen.findByText('Free Tier: 3/3 AI recommendations used today');
    expect(callsOf(fetch).filter((c) => c.call === 'GET /api/ai/usage')).toHaveLength(2);
  });

  it('checks a spent quota in the page: the limit toast, and nothing sent', async () => {
    const { fetch, user, client } = renderPage({ 'GET /api/ai/usage': () => json(usage(3)), 'POST /api/chatbot/recommendations/stream': () => sse(answer('x')) });
    await ready('Free Tier: 3/3 AI recommendations used today');
    await user.click(screen.getByRole('button', { name: PROMPTS[0] }));
    expect(within(await screen.findByTestId('toast')).getByText('Daily Limit Reached')).toBeTruthy();
    expect(posts(fetch)).toHaveLength(0);
    // A count from before the daily reset does not hold the member back: the server decides.
    client.setQueryData(aiUsageQuery.queryKey, { used: 3, limit: 3, resetsAt: new Date(Date.now() - 1000).toISOString() });
    await user.click(screen.getByRole('button', { name: PROMPTS[0] }));
    await within(log()).findByText('x');
    expect(posts(fetch)).toHaveLength(1);
  });

  it("shows 'Error' / 'Failed to get recommendations. Please try again.' on a 503, and the server's message on a rate limit", async () => {
    let status = 503;
    const { user } = renderPage({
      'POST /api/chatbot/recommendations/stream': () => (status === 503
        ? errorAnswer(503, 'UNAVAILABLE', 'Service temporarily unavailable. Please try again.')
        : errorAnswer(429, 'RATE_LIMITED', 'You have asked VitolAI a lot in a short time. Please try again later.')),
    });
    await ready();
    await user.type(chatInput(), 'A mild one?{Enter}');
    let toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Error')).toBeTruthy();
    expect(within(toast).getByText('Failed to get recommendations. Please try again.')).toBeTruthy();
    expect(chatInput().value).toBe('A mild one?');
    expect(log().children).toHaveLength(0);

    status = 429;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    toast = await screen.findByTestId('toast');
    await within(toast).findByText('You have asked VitolAI a lot in a short time. Please try again later.');
  });

  it('applies the logged-out rule on a 401 (no error toast of its own)', async () => {
    const { user } = renderPage({
      'POST /api/chatbot/recommendations/stream': () => errorAnswer(401, 'UNAUTHORIZED', 'Unauthorized'),
      'POST /api/auth/refresh': () => errorAnswer(401, 'UNAUTHORIZED', 'Unauthorized'),
    });
    await ready();
    await user.type(chatInput(), 'Hello{Enter}');
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Unauthorized: You are logged out. Logging in again...');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('toast').textContent).not.toContain('Failed to get recommendations');
  });
});
