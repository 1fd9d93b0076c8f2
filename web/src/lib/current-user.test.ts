import { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_PATH, SIGNED_IN_HINT_COOKIE } from '@torcedor/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from './current-user';

describe('currentUserQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends no request without the signed-in hint: an anonymous visit has nothing to ask', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await new QueryClient().fetchQuery(currentUserQuery)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the server when the hint is there, and reads a 401 as signed out', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Unauthorized', code: 'UNAUTHORIZED' }), { status: 401, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    expect(await new QueryClient().fetchQuery(currentUserQuery)).toBeNull();
    expect(fetch).toHaveBeenCalled();
  });

  it("takes the page's early read once: the answer is the one the page asked for as it started, the next read asks again", async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Unauthorized', code: 'INVALID_CREDENTIALS' }), { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    const { startEarlyReads } = await import('./early-reads');
    globalThis.torcedorEarlyReads = undefined;
    startEarlyReads({ pathname: '/search', search: '' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])).toEqual([CURRENT_USER_PATH, { credentials: 'include' }]);
    startEarlyReads({ pathname: '/search', search: '' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await new QueryClient().fetchQuery(currentUserQuery)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await new QueryClient().fetchQuery(currentUserQuery)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not take an early answer older than 10 s: the read is made again', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Unauthorized', code: 'INVALID_CREDENTIALS' }), { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    const { startEarlyReads } = await import('./early-reads');
    const { takeEarlyRead } = await import('./early-read-take');
    globalThis.torcedorEarlyReads = undefined;
    startEarlyReads({ pathname: '/search', search: '' }, Date.now() - 10_001);
    expect(takeEarlyRead(CURRENT_USER_PATH)).toBeNull();
    expect(takeEarlyRead(CURRENT_USER_PATH)).toBeNull();
  });
});
