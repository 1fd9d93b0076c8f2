import { vi } from 'vitest';

/** A fake API for component tests: fetch stubbed, each `METHOD /path` answered by its handler. */

export type Handler = (req: { method: string; path: string; query: URLSearchParams; body: unknown }) => Response | Promise<Response>;

export const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

/** Stubs fetch: each call goes to the handler of `METHOD /path`; an unknown one answers 404. Returns the mock. */
export function fakeApi(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    return handler({ method, path: url.pathname, query: url.searchParams, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls a fake API received, as `METHOD /path` with the parsed body. */
export const callsOf = (fetch: ReturnType<typeof fakeApi>) =>
  fetch.mock.calls.map(([input, init]) => ({
    call: `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`,
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  }));

/**
 * A streamed answer (docs/api.md, "Streaming"): the `response` text as `delta` events a few words at a time, then
 * `done` with the whole answer.
 */
export function sse(answer: { response: string } & Record<string, unknown>, status = 200) {
  const words = answer.response.split(/(?<=\s)/);
  const deltas: string[] = [];
  for (let i = 0; i < words.length; i += 3) deltas.push(words.slice(i, i + 3).join(''));
  const text = [...deltas.map((t) => `event: delta\ndata: ${JSON.stringify({ text: t })}\n\n`), `event: done\ndata: ${JSON.stringify(answer)}\n\n`].join('');
  return new Response(text, { status, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}
