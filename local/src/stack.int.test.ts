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
