import { QueryClient } from '@tanstack/react-query';
import { SIGNED_IN_HINT_COOKIE } from '@torcedor/shared/constants';
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
});
