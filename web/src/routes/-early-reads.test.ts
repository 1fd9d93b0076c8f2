import { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_PATH, SIGNED_IN_HINT_COOKIE } from '@torcedor/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '@/lib/current-user';
import { takeEarlyRead } from '@/lib/early-read-take';
import { firstReads, startEarlyReads } from '@/lib/early-reads';
import { Route as HomeRoute } from './index';
import { Route as EventsRoute } from './_authenticated/events';
import { Route as HumidorRoute } from './_authenticated/humidor';
import { Route as ProfileRoute } from './_authenticated/profile.{-$id}';

type Loader = (ctx: unknown) => unknown;
const failing = () => new Response(JSON.stringify({ message: 'No', code: 'INTERNAL' }), { status: 500 });

/** The URLs a route's loader asks the API for (every answer a failure: only the requests matter here). */
async function loaderReads(loader: unknown, ctx: (queryClient: QueryClient) => Record<string, unknown>, expected: number): Promise<string[]> {
  const fetch = vi.fn(async (_url: string) => failing());
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserQuery.queryKey, { id: 'u1' } as never);
  await Promise.resolve((loader as Loader)(ctx(queryClient))).catch(() => undefined);
  await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(expected));
  return fetch.mock.calls.map(([url]) => url).sort();
}

const pageReads = (pathname: string, search = '', userId = 'u1') => {
  const first = firstReads(pathname, new URLSearchParams(search));
  return [...first.now, ...(first.afterUser?.(userId) ?? [])].sort();
};

afterEach(() => {
  vi.unstubAllGlobals();
  globalThis.torcedorEarlyReads = undefined;
});

describe("a signed-in page's first reads", () => {
  it("are the ones each page's loader makes, URL for URL (so the API client takes them instead of asking again)", async () => {
    const loader = (route: { options: { loader?: unknown } }) => route.options.loader;
    expect(await loaderReads(loader(HomeRoute), (queryClient) => ({ context: { queryClient } }), 2)).toEqual(pageReads('/'));
    expect(await loaderReads(loader(HumidorRoute), (queryClient) => ({ context: { queryClient } }), 4)).toEqual(pageReads('/humidor'));
    expect(await loaderReads(loader(EventsRoute), (queryClient) => ({ context: { queryClient } }), 1)).toEqual(pageReads('/events'));
    const profile = (id: string | undefined, tab: string) => (queryClient: QueryClient) =>
      ({ params: { id }, deps: { tab }, context: { queryClient, user: { id: 'u1' } } });
    expect(await loaderReads(loader(ProfileRoute), profile(undefined, 'posts'), 1)).toEqual(pageReads('/profile'));
    expect(await loaderReads(loader(ProfileRoute), profile(undefined, 'reviews'), 1)).toEqual(pageReads('/profile', '?tab=reviews'));
    expect(await loaderReads(loader(ProfileRoute), profile('m2', 'posts'), 1)).toEqual(pageReads('/profile/m2'));
    expect(pageReads('/profile', '?tab=collection')).toEqual([]);
    expect(pageReads('/search', '?q=padron')).toEqual([]);
  });

  it("start with the member's read when the signed-in hint is there, once per page load, and are taken once", async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => (url === CURRENT_USER_PATH ? new Response(JSON.stringify({ id: 'u 1' })) : failing()));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads({ pathname: '/profile', search: '' });
    startEarlyReads({ pathname: '/humidor', search: '' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([CURRENT_USER_PATH, '/api/users/u%201/posts']);
    expect(fetch.mock.calls.every(([, init]) => init?.credentials === 'include')).toBe(true);
    expect(takeEarlyRead('/api/users/u%201/posts')).not.toBeNull();
    expect(takeEarlyRead('/api/users/u%201/posts')).toBeNull();
    expect(takeEarlyRead('/api/humidor')).toBeNull();
  });

  it('send nothing without the signed-in hint (a visitor)', () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    startEarlyReads({ pathname: '/humidor', search: '' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

beforeEach(() => {
  globalThis.torcedorEarlyReads = undefined;
});
