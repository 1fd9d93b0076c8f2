import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { DEFAULT_SETTINGS, type User } from '@torcedor/shared/schemas/identity';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemberTabBar } from './member-tab-bar';

const member: User = {
  id: 'u1', email: 'ana@example.com', emailVerified: true, pendingEmail: null, firstName: 'Ana', lastName: 'Reyes', displayName: null,
  profileImageUrl: null, bio: null, location: null, isOwner: false, isSubscribed: false, isTrial: false, trialEndsAt: null,
  followingCount: 0, followersCount: 0, reviewsCount: 0, humidorCount: 0, wishlistCount: 0,
  ...DEFAULT_SETTINGS, tastes: { strengths: [], wrappers: [], countries: [] }, onboardedAt: null, createdAt: '2026-01-01T00:00:00.000Z',
};

function renderAt(path: string, user: User = member) {
  const rootRoute = createRootRoute({ component: () => <><Outlet /><MemberTabBar user={user} /></> });
  const pages = ['/', '/humidor', '/scan', '/events', '/learn'].map((p) => createRoute({ getParentRoute: () => rootRoute, path: p, component: () => <h1>{p}</h1> }));
  const router = createRouter({ routeTree: rootRoute.addChildren(pages), history: createMemoryHistory({ initialEntries: [path] }) });
  const client = new QueryClient();
  render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
  return router;
}

describe("the phone's tab bar", () => {
  it('has Feed, Humidor, Scan and Events, the current page marked, and moves the mark as the member goes', async () => {
    const router = renderAt('/humidor');
    const bar = await screen.findByRole('navigation', { name: 'Tabs' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Feed', 'Humidor', 'Scan', 'Events']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/', '/humidor', '/scan', '/events']);
    expect(within(bar).getByRole('link', { name: 'Humidor' }).getAttribute('aria-current')).toBe('page');
    // Feed is the exact '/', not every page under it.
    expect(within(bar).getByRole('link', { name: 'Feed' }).getAttribute('aria-current')).toBeNull();

    await userEvent.setup().click(within(bar).getByRole('link', { name: 'Events' }));
    await screen.findByRole('heading', { name: '/events' });
    expect(router.state.location.pathname).toBe('/events');
    expect(within(bar).getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar).getByRole('link', { name: 'Humidor' }).getAttribute('aria-current')).toBeNull();
  });

  it("opens the member's menu: the pages without a tab, the account's and Log out; the owner's pages for the owner only", async () => {
    const user = userEvent.setup();
    renderAt('/');
    const bar = await screen.findByRole('navigation', { name: 'Tabs' });
    await user.click(within(bar).getByRole('button', { name: 'Account Menu' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Profile', 'AI Recommendations', 'Learn', 'Premium', 'Settings', 'Support', 'Log out']);
  });

  it("lists Marketing and Moderation in the owner's menu", async () => {
    const user = userEvent.setup();
    renderAt('/', { ...member, isOwner: true });
    await user.click(within(await screen.findByRole('navigation', { name: 'Tabs' })).getByRole('button', { name: 'Account Menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Marketing' }).getAttribute('href')).toBe('/marketing');
    expect(within(menu).getByRole('menuitem', { name: 'Moderation' }).getAttribute('href')).toBe('/moderation');
  });
});
