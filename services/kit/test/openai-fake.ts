import { createServer, type IncomingMessage } from 'node:http';

/** What the fake received: the request body of each chat completion. */
export interface FakeChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

/**
 * A local stand-in for OpenAI's chat completions endpoint, so the real `openai` client runs in tests (its
 * `baseURL` points here). It answers with a fixed text, or fails, or takes its time, as the test asks.
 */
export async function startOpenAiFake() {
  const requests: FakeChatRequest[] = [];
  let behaviour: { status?: number; delayMs?: number; reply?: (r: FakeChatRequest) => string } = {};
  const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { raw += c; });
    req.on('end', () => resolve(raw));
  });
  const server = createServer((req, res) => {
    void (async () => {
      const body = JSON.parse(await read(req)) as FakeChatRequest;
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions') || req.headers.authorization !== 'Bearer sk-test-fake') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      requests.push(body);
      const { status, delayMs, reply } = behaviour;
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (status && status >= 400) {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
        return;
      }
      const content = reply ? reply(body) : 'Try the Arturo Fuente Hemingway Short Story: a mild-medium perfecto with cedar and cream.';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        id: `chatcmpl-${requests.length}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }));
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
    requests,
    behave(b: typeof behaviour) { behaviour = b; },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
