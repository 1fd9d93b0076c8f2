import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.ts';
import { startStack, type Stack } from './stack.ts';
import { nonLoopbackAddresses, portOf, tryConnect } from './testing/reachability.ts';

let stack: Stack;
let dir: string;
const childPids = () => readFileSync('/proc/self/task/' + process.pid + '/children', 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'torcedor-stack-'));
  stack = await startStack({ port: await freePort(), dataDir: dir, quiet: true, web: false, logLevel: 'SILENT' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('local stack', () => {
  it('answers /api/health once up, with the edge security headers', async () => {
    const res = await fetch(`${stack.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('apigw-requestid')).toBeTruthy();
  });

  it('answers JSON 404 for unknown /api paths and methods, and 413 over 10 MB', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['DELETE', '/api/health'], ['GET', '/api']]) {
      const res = await fetch(`${stack.url}${path}`, { method });
      expect([res.status, await res.json()]).toEqual([404, { message: 'Not found' }]);
    }
    const big = await fetch(`${stack.url}/api/health`, { method: 'POST', body: Buffer.alloc(10 * 1024 * 1024 + 1), headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
  });

  it('passes session cookies and gets 401 JSON from a member route', async () => {
    const res = await fetch(`${stack.url}/api/auth/user`, { headers: { cookie: 'torcedor_session=not-a-token' } });
    expect([res.status, await res.json()]).toEqual([401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }]);
  });

  it("streams a VitolAI answer through the ai stream function, as the CDN relays a function URL; refusals are plain JSON", async () => {
    const email = `stream${Date.now().toString(36)}@example.com`;
    const signup = { email, password: 'Cohiba-1966', firstName: 'Ana', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US' };
    const json = { 'content-type': 'application/json', origin: stack.url };
    expect((await fetch(`${stack.url}/api/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify(signup) })).status).toBe(201);
    const login = await fetch(`${stack.url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: signup.password }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const body = JSON.stringify({ sessionId: `session-${Date.now()}-stream`, message: 'How should I store my cigars?', topic: 'general' });

    const refused = await fetch(`${stack.url}/api/chatbot/conversation/stream`, { method: 'POST', headers: json, body });
    expect([refused.status, await refused.json()]).toEqual([401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }]);

    const res = await fetch(`${stack.url}/api/chatbot/conversation/stream`, { method: 'POST', headers: { ...json, cookie }, body });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const reader = res.body!.getReader();
    const reads: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads.push(Buffer.from(value).toString('utf8'));
    }
    const text = reads.join('');
    const events = text.split('\n\n').filter(Boolean).map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine!.slice('event: '.length), data: JSON.parse(dataLine!.slice('data: '.length)) as Record<string, unknown> };
    });
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.response).toBe(deltas.map((d) => d.data.text).join(''));
    expect(done.data.response).toMatch(/65|70|humid/i);
  }, 60_000);

  it('accepts PutEvents (AWS JSON 1.1) on the local bus', async () => {
    const res = await fetch(stack.eventBridgeEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSEvents.PutEvents' },
      body: JSON.stringify({ Entries: [{ EventBusName: stack.aws.eventBusName, Source: 'torcedor.test', DetailType: 'Nothing', Detail: '{}' }] }),
    });
    const out = (await res.json()) as { FailedEntryCount: number; Entries: { EventId?: string }[] };
    expect(out.FailedEntryCount).toBe(0);
    expect(out.Entries[0]?.EventId).toBeTruthy();
    await stack.busIdle();
  });

  it('keeps the pool and client in the data dir', () => {
    const state = JSON.parse(readFileSync(join(dir, 'local.json'), 'utf8')) as { userPoolId: string; clientId: string };
    expect(state).toMatchObject({ userPoolId: stack.userPoolId, clientId: stack.clientId });
  });

  it('keeps its AWS stand-ins on loopback: 127.0.0.1 answers, the LAN addresses are refused', async () => {
    const ports = [stack.dynamoEndpoint, stack.cognitoEndpoint, stack.s3Endpoint, stack.eventBridgeEndpoint].map(portOf);
    const lan = [...nonLoopbackAddresses('IPv4'), ...nonLoopbackAddresses('IPv6')];
    if (!lan.length) console.warn('no non-loopback address on this machine: only 127.0.0.1 checked');
    for (const port of ports) {
      expect([port, await tryConnect('127.0.0.1', port)]).toEqual([port, 'connected']);
      for (const address of lan) expect([address, port, await tryConnect(address, port)]).toEqual([address, port, 'refused']);
    }
  });

  it('stops every child process it started', async () => {
    expect(childPids().length).toBeGreaterThan(0);
    await stack.stop();
    const left = childPids().filter((pid) => {
      try {
        return /DynamoDBLocal|cognito-local/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    });
    expect(left).toEqual([]);
  });
});
