import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { LEARN_CATEGORIES } from '@torcedor/shared/constants';
import type { LearnItem } from '@torcedor/shared/schemas/ai';
import { DEFAULT_SETTINGS, type User } from '@torcedor/shared/schemas/identity';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as z from 'zod';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';
import { callsOf, fakeApi, json } from '@/testing/fake-api';

type Item = z.infer<typeof LearnItem>;

const me: User = {
  id: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Reyes', displayName: null, profileImageUrl: null, bio: null, location: null,
  isOwner: false, isSubscribed: false, isTrial: false, trialEndsAt: null, emailVerified: true, pendingEmail: null,
  followingCount: 0, followersCount: 0, reviewsCount: 0, humidorCount: 0, wishlistCount: 0,
  ...DEFAULT_SETTINGS, tastes: { strengths: [], wrappers: [], countries: [] }, onboardedAt: null, createdAt: '2026-01-01T00:00:00.000Z',
};

const LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
const videos: Item[] = LEARN_CATEGORIES.map((category, i) => ({
  id: `video-${category.toLowerCase()}`, title: `${category} video`, channel: `YouTube search: ${category.toLowerCase()}`,
  description: `All about ${category.toLowerCase()}.`, category, duration: `${5 + i}–${10 + i} min`, level: LEVELS[i % 3]!,
  views: category === 'Tasting' ? 1234 : 0, premium: false, url: `https://www.youtube.com/results?search_query=${category.toLowerCase()}`, body: null,
}));
const lesson = (id: string, title: string, category: Item['category'], open: boolean): Item => ({
  id, title, channel: 'Torcedor Masterclass', description: `What ${title} teaches.`, category, duration: '2 min read', level: 'Advanced',
  views: 0, premium: true, url: open ? `/learn?lesson=${id}` : null,
  body: open ? `${title}: the first paragraph.\n\nThe second paragraph.\n\nThe third paragraph.` : null,
});
const library = (open: boolean) => ({
  items: [...videos, lesson('mc-wrapper', 'Reading a Wrapper', 'Education', open), lesson('mc-pairing', 'Pairing by Strength', 'Pairing', open)],
});

/** The whole app at `path` (route, loader and search), the API answering as for a free or a premium member. */
function boot(path: string, open: boolean) {
  const fetch = fakeApi({
    'GET /api/auth/user': () => json({ ...me, isSubscribed: open }),
    'GET /api/notifications': () => json({ items: [], unreadCount: 0 }),
    'GET /api/learn': () => json(library(open)),
  });
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>);
  return { router, fetch };
}

// The first boot loads the whole app: give it time on a busy machine.
const page = () => screen.findByRole('heading', { level: 1, name: 'Learn' }, { timeout: 10_000 });

afterEach(() => vi.unstubAllGlobals());

describe('/learn', { timeout: 20_000 }, () => {
  it('shows the category badges and the 9 video cards as the spec has them, opening the video site in a new tab', async () => {
    const { fetch } = boot('/learn', false);
    await page();
    expect(callsOf(fetch).filter((c) => c.call === 'GET /api/learn')).toHaveLength(1);
    const categories = within(screen.getByRole('navigation', { name: 'Content categories' })).getAllByRole('button');
    expect(categories.map((b) => b.textContent)).toEqual(['All', ...LEARN_CATEGORIES]);

    const cards = screen.getAllByTestId('video-card');
    expect(cards).toHaveLength(9);
    cards.forEach((card, i) => {
      const v = videos[i]!;
      const link = within(card).getByRole('link', { name: new RegExp(v.title) });
      expect(link.getAttribute('href')).toBe(v.url);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      for (const text of [v.channel, v.description, v.category, v.duration, v.level]) expect(card.textContent).toContain(text);
    });
    // Level colours: green Beginner, yellow Intermediate, red Advanced.
    const level = (l: string) => cards.map((c) => c.querySelector(`[data-level="${l}"]`)).find(Boolean)!;
    expect(level('Beginner').className).toContain('text-success');
    expect(level('Intermediate').className).toContain('text-warning');
    expect(level('Advanced').className).toContain('text-danger');
    // A view count shows only when there is one.
    expect(cards[4]!.textContent).toContain('1,234 views');
    expect(cards.filter((c) => /views?\b/.test(c.textContent ?? ''))).toHaveLength(1);
  });

  it('filters by category in the URL (?category=), and ignores a category that is not one', async () => {
    const { router } = boot('/learn?category=Pairing', false);
    await page();
    const shown = screen.getAllByTestId('video-card');
    expect(shown).toHaveLength(1);
    expect(within(shown[0]!).getByRole('link', { name: /^Pairing video/ })).toBeTruthy();
    expect(screen.getAllByTestId('masterclass-card').map((c) => within(c).getByRole('heading').textContent)).toEqual(['Pairing by Strength']);
    expect(screen.getByRole('button', { name: 'Pairing' }).getAttribute('aria-pressed')).toBe('true');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Storage' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'Storage' }));
    expect(screen.getAllByTestId('video-card')).toHaveLength(1);
    expect(screen.queryAllByTestId('masterclass-card')).toHaveLength(0);
    expect(screen.getByText('No masterclass in Storage yet.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getAllByTestId('video-card')).toHaveLength(9);

    await router.navigate({ to: '/learn', search: { category: 'Cooking' as never } });
    await waitFor(() => expect(screen.getAllByTestId('video-card')).toHaveLength(9));
  });

  it('shows a free member the masterclasses locked, with the Premium badge and the way to upgrade, and no lesson', async () => {
    boot('/learn?lesson=mc-wrapper', false);
    await page();
    expect(screen.getByRole('heading', { level: 2, name: 'Premium Masterclasses' })).toBeTruthy();
    const cards = screen.getAllByTestId('masterclass-card');
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(within(card).getByTestId('lock')).toBeTruthy();
      expect(within(card).getByText('Premium')).toBeTruthy();
      expect(within(card).getByRole('link', { name: /^Upgrade to read/ }).getAttribute('href')).toBe('/subscription');
      expect(within(card).queryByRole('button', { name: /Read lesson/ })).toBeNull();
    }
    expect(cards[0]!.textContent).toContain('What Reading a Wrapper teaches.');
    // A link to a lesson opens nothing for a member who may not read it.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets a premium member read a lesson in a dialog, kept in the URL (?lesson=) and closed out of it', async () => {
    const { router } = boot('/learn', true);
    await page();
    const cards = screen.getAllByTestId('masterclass-card');
    for (const card of cards) {
      expect(within(card).queryByTestId('lock')).toBeNull();
      expect(within(card).queryByText('Premium')).toBeNull();
      expect(within(card).queryByRole('link', { name: /Upgrade to read/ })).toBeNull();
    }
    const user = userEvent.setup();
    await user.click(within(cards[1]!).getByRole('button', { name: 'Read lesson: Pairing by Strength' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pairing by Strength' });
    expect(within(dialog).getAllByText(/paragraph\.$/)).toHaveLength(3);
    expect(within(dialog).getByText('Pairing by Strength: the first paragraph.').tagName).toBe('P');
    expect(router.state.location.search).toEqual({ lesson: 'mc-pairing' });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toEqual({});
  });

  it('opens a lesson straight from its link', async () => {
    boot('/learn?lesson=mc-wrapper', true);
    const dialog = await screen.findByRole('dialog', { name: 'Reading a Wrapper' }, { timeout: 10_000 });
    expect(within(dialog).getByText('Reading a Wrapper: the first paragraph.')).toBeTruthy();
  });
});
