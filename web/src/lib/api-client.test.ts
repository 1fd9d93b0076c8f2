import { routes } from '@torcedor/shared/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_UNVERIFIED_MESSAGE } from '@torcedor/shared/constants';
import { ApiError, apiCall, apiStream, errorText, retryAfterSeconds } from './api-client';
import { isUnauthorizedError } from './unauthorized';

const answer = (status: number, body: string, statusText = '') => new Response(body || null, { status, statusText });

afterEach(() => vi.unstubAllGlobals());

describe('apiCall', () => {
  it('throws "{status}: {body}" with the parsed error body', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(403, '{"message":"Free members can hold 20 cigars","code":"HUMIDOR_LIMIT"}')));
    const err = await apiCall(routes.addHumidorItem, { body: { cigarId: 'x', quantity: 1 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('403: {"message":"Free members can hold 20 cigars","code":"HUMIDOR_LIMIT"}');
    expect((err as ApiError).body?.code).toBe('HUMIDOR_LIMIT');
    expect(errorText(err, 'Failed to add item to humidor')).toBe('Free members can hold 20 cigars');
  });

  it('gives the server\u2019s message of a contribution by an unverified member (403 EMAIL_UNVERIFIED) to the error toasts', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(403, JSON.stringify({ message: EMAIL_UNVERIFIED_MESSAGE, code: 'EMAIL_UNVERIFIED' }))));
    const err = await apiCall(routes.createPost, { body: { content: 'A fine Robusto', postType: 'text' } }).catch((e: unknown) => e);
    expect((err as ApiError).body?.code).toBe('EMAIL_UNVERIFIED');
    expect(errorText(err, 'Failed to create post')).toBe(EMAIL_UNVERIFIED_MESSAGE);
  });

  it('keeps a refusal\u2019s Retry-After, in seconds or as a date', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Slow down","code":"RATE_LIMITED"}', { status: 429, headers: { 'retry-after': '90' } })));
    const err = await apiCall(routes.resendVerification).catch((e: unknown) => e);
    expect((err as ApiError).retryAfterSeconds).toBe(90);
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Fri, 01 May 2026 12:10:00 GMT' }), now)).toBe(600);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterSeconds(new Headers(), now)).toBeNull();
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(502, '', 'Bad Gateway')));
    await expect(apiCall(routes.getHealth)).rejects.toThrow('502: Bad Gateway');
  });

  it('sends JSON on mutations, credentials always, and fills path parameters', async () => {
    const fetch = vi.fn(async () => answer(200, JSON.stringify({ ok: true })));
    vi.stubGlobal('fetch', fetch);
    await apiCall(routes.deleteHumidorItem, { params: { id: 'a b' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/humidor/a%20b');
    expect(init).toMatchObject({ method: 'DELETE', credentials: 'include', headers: { 'content-type': 'application/json' }, body: undefined });
  });

  it('renews the session once on 401 and retries', async () => {
    const fetch = vi.fn()
      .mockResolvedValueOnce(answer(401, '{"message":"Unauthorized"}'))
      .mockResolvedValueOnce(answer(200, '{"ok":true}'))
      .mockResolvedValueOnce(answer(200, '{"status":"ok"}'));
    vi.stubGlobal('fetch', fetch);
    await expect(apiCall(routes.getHealth)).resolves.toEqual({ status: 'ok' });
    expect((fetch.mock.calls[1] as [string])[0]).toBe(routes.refreshSession.path);
  });

  it("takes a read the page already sent (early-reads.ts) as its own, once: validated, a 401 renewed and asked again", async () => {
    const early = (sent: Promise<Response>) => {
      sent.catch(() => undefined);
      globalThis.torcedorEarlyReads = { at: Date.now(), sent: new Map([[routes.getHealth.path, sent]]) };
    };
    const fetch = vi.fn()
      .mockResolvedValueOnce(answer(200, '{"ok":true}'))
      .mockResolvedValueOnce(answer(200, '{"status":"ok"}'));
    vi.stubGlobal('fetch', fetch);
    early(Promise.resolve(answer(200, '{"status":"ok"}')));
    await expect(apiCall(routes.getHealth)).resolves.toEqual({ status: 'ok' });
    expect(fetch).not.toHaveBeenCalled();
    early(Promise.resolve(answer(200, '{"status":1}')));
    await expect(apiCall(routes.getHealth)).rejects.toThrow();
    early(Promise.resolve(answer(401, '{"message":"Unauthorized"}')));
    await expect(apiCall(routes.getHealth)).resolves.toEqual({ status: 'ok' });
    expect(fetch.mock.calls.map((c) => (c as unknown as [string])[0])).toEqual([routes.refreshSession.path, routes.getHealth.path]);
    early(Promise.reject(new TypeError('Failed to fetch')));
    const offline = await apiCall(routes.getHealth).catch((e: unknown) => e);
    expect((offline as ApiError).status).toBe(503);
    globalThis.torcedorEarlyReads = undefined;
  });

  it('gives up with the 401 when the refresh fails, which the logged-out rule recognises', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(answer(401, '{"message":"Unauthorized"}')).mockResolvedValueOnce(answer(401, '{"message":"Unauthorized"}')));
    const err = await apiCall(routes.getHealth).catch((e: unknown) => e);
    expect(isUnauthorizedError(err)).toBe(true);
    expect(isUnauthorizedError(new Error('403: Forbidden'))).toBe(false);
  });

  it('rejects an answer that breaks the route contract', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, '{"status":"nope"}')));
    await expect(apiCall(routes.getHealth)).rejects.toThrow();
  });
});

describe('idempotency keys and unavailable answers', () => {
  const body = { cigarId: 'padron-1964-anniversary-series-exclusivo', quantity: 2 };
  const keyOf = (call: unknown) => ((call as [string, RequestInit])[1].headers as Record<string, string>)['idempotency-key'];
  const item = JSON.stringify({
    id: 'i1', cigarId: body.cigarId, quantity: 2, location: null, status: 'owned', notes: null, pricePaid: null, boxDate: null, currentPrice: null,
    readyOn: null, createdAt: '2026-11-23T12:00:00.000Z', brandName: 'Padrón', cigarName: '1964', brandCountry: 'Nicaragua', cigarVitola: 'Robusto',
    cigarLength: 5.5, cigarRingGauge: 50, cigarStrength: 'full', cigarImageUrl: null,
  });

  it('keeps an action\'s key across a 503 and no answer at all, and takes a fresh one for the next action', async () => {
    const fetch = vi.fn()
      .mockResolvedValueOnce(answer(503, '{"message":"Service temporarily unavailable. Please try again.","code":"UNAVAILABLE"}'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(201, item))
      .mockResolvedValueOnce(answer(201, item));
    vi.stubGlobal('fetch', fetch);
    const first = await apiCall(routes.addHumidorItem, { body }).catch((e: unknown) => e);
    expect(errorText(first, 'Failed to add item to humidor')).toBe('Service temporarily unavailable. Please try again.');
    const offline = await apiCall(routes.addHumidorItem, { body }).catch((e: unknown) => e);
    expect([(offline as ApiError).status, errorText(offline, 'Failed to add item to humidor')]).toEqual([503, 'Service temporarily unavailable. Please try again.']);
    await apiCall(routes.addHumidorItem, { body });
    await apiCall(routes.addHumidorItem, { body });
    const keys = fetch.mock.calls.map(keyOf);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('sends no key on routes that are not idempotent', async () => {
    const fetch = vi.fn(async () => answer(200, JSON.stringify({ ok: true })));
    vi.stubGlobal('fetch', fetch);
    await apiCall(routes.deleteHumidorItem, { params: { id: 'x' } });
    expect(keyOf(fetch.mock.calls[0])).toBeUndefined();
  });
});

describe('a wrong password is not an expired session', () => {
  it('does not renew the session or resend on 401 INVALID_CREDENTIALS', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(401, '{"message":"Invalid email or password","code":"INVALID_CREDENTIALS"}'));
    vi.stubGlobal('fetch', fetch);
    const err = await apiCall(routes.deleteAccount, { body: { confirmation: 'DELETE', password: 'wrong-one' } }).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('apiStream', () => {
  const body = { sessionId: 'session-1700000000000abcdef', message: 'Hi', topic: 'general' as const };
  const done = { response: 'Keep them at 65-70%.', suggestions: [], usage: { used: 0, limit: 3, resetsAt: '2026-11-24T00:00:00.000Z' } };
  /** A body that arrives in pieces cut anywhere, as the network cuts it. */
  const streamed = (text: string, cuts: number[]) => {
    const parts = cuts.reduce<string[]>((acc, at, i) => [...acc, text.slice(i ? cuts[i - 1] : 0, at)], []).concat(text.slice(cuts.at(-1) ?? 0));
    return new Response(new ReadableStream({ start(c) { for (const p of parts) c.enqueue(new TextEncoder().encode(p)); c.close(); } }), { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };

  it('gives each delta as it comes, across any chunking, and resolves with the validated answer; the body hash rides along', async () => {
    const text = `event: delta\ndata: {"text":"Keep them "}\n\nevent: delta\ndata: {"text":"at 65-70%."}\n\nevent: done\ndata: ${JSON.stringify(done)}\n\n`;
    const fetch = vi.fn(async () => streamed(text, [7, 30, 31, 60]));
    vi.stubGlobal('fetch', fetch);
    const deltas: string[] = [];
    await expect(apiStream(routes.streamConversation, { body }, (t) => deltas.push(t))).resolves.toEqual(done);
    expect(deltas).toEqual(['Keep them ', 'at 65-70%.']);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chatbot/conversation/stream');
    expect((init.headers as Record<string, string>)['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refusals before the first byte are ApiErrors; a failure after it started is a 503 with the server message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(429, '{"message":"Free users are limited to 3 AI recommendations per day. Upgrade to Premium for unlimited access!","code":"AI_DAILY_LIMIT"}')));
    const refused = await apiStream(routes.streamConversation, { body }, () => undefined).catch((e: unknown) => e);
    expect([(refused as ApiError).status, (refused as ApiError).body?.code]).toEqual([429, 'AI_DAILY_LIMIT']);
    vi.stubGlobal('fetch', vi.fn(async () => streamed('event: delta\ndata: {"text":"Keep"}\n\nevent: error\ndata: {"message":"Failed to send message. Please try again.","code":"UNAVAILABLE"}\n\n', [])));
    const failed = await apiStream(routes.streamConversation, { body }, () => undefined).catch((e: unknown) => e);
    expect([(failed as ApiError).status, (failed as ApiError).serverMessage]).toEqual([503, 'Failed to send message. Please try again.']);
    vi.stubGlobal('fetch', vi.fn(async () => streamed('event: delta\ndata: {"text":"Keep"}\n\n', [])));
    expect(((await apiStream(routes.streamConversation, { body }, () => undefined).catch((e: unknown) => e)) as ApiError).status).toBe(503);
  });
});
