import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { callsOf, sse } from '@/testing/fake-api';
import { answer, errorAnswer, later, renderAt } from './ai-test-utils';
import { ChatLauncher } from './chat-launcher';
import { CHAT_TEXTS, PROMPTS as PROMPT_MESSAGES } from './chat-text';

/** The suggested prompts' English texts (what the page shows in English). */
const PROMPTS = PROMPT_MESSAGES.map((m) => m.message!) as [string, string, string, string, string, string];

function Feed() {
  return <><p>The feed</p><ChatLauncher /></>;
}

const launcher = () => screen.getByRole('button', { name: 'Open VitolAI chat' });
const widget = () => screen.getByRole('region', { name: 'VitolAI chat' });
const input = () => within(widget()).getByLabelText('Message VitolAI') as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe("the feed's chat widget", { timeout: 20_000 }, () => {
  it('opens from the round button, sends with topic general, minimises, opens again and closes with the conversation kept', async () => {
    const reply = later();
    const { fetch, user } = renderAt(Feed, '/', { 'POST /api/chatbot/conversation/stream': reply.handler });
    // Closed: only the round button.
    expect(await screen.findByRole('button', { name: 'Open VitolAI chat' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'VitolAI chat' })).toBeNull();

    await user.click(launcher());
    await screen.findByRole('region', { name: 'VitolAI chat' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Open VitolAI chat' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input()));
    // The first three suggested prompts.
    expect(within(widget()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(PROMPTS.slice(0, 3));

    await user.click(within(widget()).getByRole('button', { name: PROMPTS[0] }));
    expect(await within(widget()).findByRole('status', { name: CHAT_TEXTS.typing })).toBeTruthy();
    expect(input().disabled).toBe(true);
    const [sent] = callsOf(fetch).filter((c) => c.call === 'POST /api/chatbot/conversation/stream');
    expect(sent!.body).toEqual({ sessionId: expect.stringMatching(/^session-\d{13}[a-f0-9]{12}$/), message: PROMPTS[0], topic: 'general' });

    reply.reply(sse(answer('Start with a mild Connecticut wrapper:\n- Macanudo Cafe\n- Ashton Classic')));
    const log = within(widget()).getByRole('log', { name: 'Conversation with VitolAI' });
    expect(await within(log).findByText('Macanudo Cafe')).toBeTruthy();
    expect(input().disabled).toBe(false);

    await user.click(within(widget()).getByRole('button', { name: 'Minimise chat' }));
    expect(within(widget()).queryByRole('log')).toBeNull();
    const expand = within(widget()).getByRole('button', { name: 'Expand VitolAI chat' });
    expect(document.activeElement).toBe(expand);
    await user.click(expand);
    expect(within(widget()).getByText(PROMPTS[0])).toBeTruthy();
    expect(within(widget()).getByText('Macanudo Cafe')).toBeTruthy();

    await user.click(within(widget()).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('region', { name: 'VitolAI chat' })).toBeNull();
    expect(document.activeElement).toBe(launcher());
    await user.click(launcher());
    expect(within(widget()).getByText('Macanudo Cafe')).toBeTruthy();
  });

  it('keeps one session, sends trimmed messages only, and ignores blank ones', async () => {
    const { fetch, user } = renderAt(Feed, '/', { 'POST /api/chatbot/conversation/stream': () => sse(answer('Sure.')) });
    await user.click(await screen.findByRole('button', { name: 'Open VitolAI chat' }, { timeout: 5000 }));
    await screen.findByRole('region', { name: 'VitolAI chat' }, { timeout: 5000 });
    await user.type(input(), '   {Enter}');
    await user.type(input(), '  How do I find events?  {Enter}');
    await within(widget()).findByText('Sure.');
    await user.type(input(), 'And the humidor?{Enter}');
    await waitFor(() => expect(within(widget()).getAllByText('Sure.')).toHaveLength(2));
    const bodies = callsOf(fetch).filter((c) => c.call === 'POST /api/chatbot/conversation/stream').map((c) => c.body as { sessionId: string; message: string });
    expect(bodies.map((b) => b.message)).toEqual(['How do I find events?', 'And the humidor?']);
    expect(new Set(bodies.map((b) => b.sessionId)).size).toBe(1);
  });

  it("shows 'Error' / 'Failed to send message. Please try again.' when sending fails, and keeps the message to send again", async () => {
    const { user } = renderAt(Feed, '/', { 'POST /api/chatbot/conversation/stream': () => errorAnswer(500, 'INTERNAL', 'Something went wrong') });
    await user.click(await screen.findByRole('button', { name: 'Open VitolAI chat' }, { timeout: 5000 }));
    await screen.findByRole('region', { name: 'VitolAI chat' }, { timeout: 5000 });
    await user.type(input(), 'Hello{Enter}');
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Error')).toBeTruthy();
    expect(within(toast).getByText('Failed to send message. Please try again.')).toBeTruthy();
    expect(input().value).toBe('Hello');
    expect(within(widget()).getByRole('log').children).toHaveLength(0);
  });
});
