import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { renderAt } from './ai-test-utils';
import { ChatLauncher } from './chat-launcher';

// The widget's code cannot be fetched (offline, or a release replaced it).
vi.mock('./load-chat-widget', () => ({ loadChatWidget: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dismissToast();
});

describe('the chat launcher', { timeout: 20_000 }, () => {
  it('says so when the widget cannot be loaded, and leaves the feed and the round button in place', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderAt(() => <><p>The feed</p><ChatLauncher /></>, '/', {});
    await user.click(await screen.findByRole('button', { name: 'Open VitolAI chat' }, { timeout: 5000 }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('VitolAI could not be opened. Please try again.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open VitolAI chat' })).toBeTruthy());
    expect(screen.getByText('The feed')).toBeTruthy();
  });
});
