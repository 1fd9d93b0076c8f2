import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@torcedor/shared/runtime';
import { acceptingBus } from '../../kit/test/bus.ts';
import { serviceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

/**
 * The per-address limits count the member's real address (docs/architecture.md, "Client address"): behind CloudFront
 * every request's sourceIp is an edge's, so the viewer's address is taken from CloudFront-Viewer-Address, but only when
 * the request carries the origin secret our distribution adds. Headers a client can write change nothing.
 */
acceptingBus();
let handler: Parameters<typeof call>[0];
const proof = inject('localAws').originProof;

beforeAll(async () => {
  handler = (await serviceFixture('identity', { http: () => import('../src/http.ts') })).http;
});

let n = 0;
/** A fresh address per call: each test's counts start from zero. */
const address = () => `10.88.${Math.floor(n / 250)}.${1 + (n++ % 250)}`;
const unique = () => `a${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const signupBody = () => ({ email: unique(), password: 'Cohiba-1966', firstName: 'Ana', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US' });
/** A sign-up as it reaches the function: from `edge` (the HTTP API's sourceIp) with the given headers. */
const signup = (edge: string, headers: Record<string, string> = {}) =>
  call(handler, 'POST', '/api/auth/signup', { body: signupBody(), sourceIp: edge, headers });
const viaEdge = (viewer: string, port = 40_000 + (n % 1000)) => ({ [VIEWER_ADDRESS_HEADER]: `${viewer}:${port}`, [ORIGIN_VERIFY_HEADER]: proof });
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);

describe('the client address behind the edge', () => {
  it('counts 10 sign-ups per viewer address, not per edge: two members behind one edge each get their own 10', async () => {
    const edge = address();
    const [alice, bob] = [address(), address()];
    const first = await Promise.all(Array.from({ length: 12 }, () => signup(edge, viaEdge(alice))));
    expect(statuses(first).filter((s) => s === 201)).toHaveLength(10);
    expect(statuses(first).filter((s) => s === 429)).toHaveLength(2);
    // The same edge, another viewer: not blocked by Alice's sign-ups.
    expect((await signup(edge, viaEdge(bob))).status).toBe(201);
  });

  it('takes the viewer address only with the proof: without it (or with a wrong one) the caller is its own sourceIp', async () => {
    const caller = address();
    const claimed = address();
    for (let i = 0; i < 10; i++) {
      const headers: Record<string, string> = i % 2 ? { [VIEWER_ADDRESS_HEADER]: `${claimed}:1234` } : { [VIEWER_ADDRESS_HEADER]: `${claimed}:1234`, [ORIGIN_VERIFY_HEADER]: `${proof}x` };
      expect((await signup(caller, headers)).status).toBe(201);
    }
    // All ten counted against the caller's own address, none against the address it claimed.
    expect((await signup(caller, viaEdge(address()))).status).toBe(201);
    expect((await signup(caller)).status).toBe(429);
    expect((await signup(address(), viaEdge(claimed))).status).toBe(201);
  });

  it('ignores X-Forwarded-For, Forwarded and X-Real-IP: a client rotating them is still one address', async () => {
    const viewer = address();
    const answers = [];
    for (let i = 0; i < 11; i++) {
      const spoof = address();
      answers.push(await signup(address(), {
        ...viaEdge(viewer), 'x-forwarded-for': spoof, forwarded: `for=${spoof}`, 'x-real-ip': spoof,
      }));
    }
    expect(statuses(answers)).toEqual([...Array<number>(10).fill(201), 429]);
  });

  it('reads IPv6 viewer addresses, bracketed or not', async () => {
    const edge = address();
    for (let i = 0; i < 10; i++) {
      const headers = { [VIEWER_ADDRESS_HEADER]: i % 2 ? `2001:db8::${n}:4430` : `[2001:db8::${n}]:4430`, [ORIGIN_VERIFY_HEADER]: proof };
      expect((await signup(edge, headers)).status).toBe(201);
    }
    expect((await signup(edge, { [VIEWER_ADDRESS_HEADER]: `2001:db8::${n}:1`, [ORIGIN_VERIFY_HEADER]: proof })).status).toBe(429);
  });

  it("gives the user pool the viewer's address with the password sign-in (its threat protection scores it)", async () => {
    const body = signupBody();
    const viewer = address();
    expect((await call(handler, 'POST', '/api/auth/signup', { body, sourceIp: address(), headers: viaEdge(viewer) })).status).toBe(201);
    const send = vi.spyOn(CognitoIdentityProviderClient.prototype, 'send');
    try {
      const login = await call(handler, 'POST', '/api/auth/login', {
        body: { email: body.email, password: body.password }, sourceIp: address(), headers: { ...viaEdge(viewer), 'user-agent': 'Firefox/150' },
      });
      expect(login.status).toBe(200);
      const auth = send.mock.calls.map(([c]) => c.input as Record<string, unknown>).find((i) => i.AuthFlow === 'ADMIN_USER_PASSWORD_AUTH');
      expect(auth?.ContextData).toMatchObject({ IpAddress: viewer, ServerPath: '/api/auth/login', HttpHeaders: [{ headerName: 'User-Agent', headerValue: 'Firefox/150' }] });
    } finally {
      send.mockRestore();
    }
  });
});
