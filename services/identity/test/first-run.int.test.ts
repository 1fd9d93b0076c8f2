import { beforeAll, describe, expect, it } from 'vitest';
import { acceptingBus } from '../../kit/test/bus.ts';
import { serviceFixture } from '../../kit/test/fixture.ts';
import { call, cookieJar } from '../../kit/test/http-event.ts';

/** The first run (docs/product.md, "First run"): sign-up signs in, the tastes are kept, the steps are done once. */
acceptingBus();
let handler: Parameters<typeof call>[0];

beforeAll(async () => {
  handler = (await serviceFixture('identity', { http: () => import('../src/http.ts') })).http;
});

const unique = () => `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const signupBody = () => ({ email: unique(), password: 'Cohiba-1966', firstName: 'Nadia', lastName: 'Vega', dateOfBirth: '1988-02-03', country: 'US' });

async function signUp() {
  const s = await call(handler, 'POST', '/api/auth/signup', { body: signupBody() });
  expect(s.status).toBe(201);
  return { answer: s.body as { userId: string; user: { id: string; onboardedAt: string | null; emailVerified: boolean } }, cookies: cookieJar(s.cookies) };
}

describe('first run', () => {
  it('sign-up signs the member in: its cookies read the member, who is unverified and has the first run ahead', async () => {
    const { answer, cookies } = await signUp();
    expect(answer.user).toMatchObject({ id: answer.userId, emailVerified: false, onboardedAt: null, tastes: { strengths: [], wrappers: [], countries: [] } });
    const me = await call(handler, 'GET', '/api/auth/user', { cookies });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: answer.userId, onboardedAt: null });
  });

  it('keeps the tastes, refuses unknown or repeated choices, and stamps the first run once', async () => {
    const { cookies } = await signUp();
    const tastes = { strengths: ['full', 'medium-full'], wrappers: ['Maduro', 'Habano'], countries: ['Nicaragua'] };
    const saved = await call(handler, 'PUT', '/api/user/tastes', { cookies, body: tastes });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ tastes });
    expect((await call(handler, 'PUT', '/api/user/tastes', { cookies, body: { ...tastes, wrappers: ['Plastic'] } })).status).toBe(400);
    expect((await call(handler, 'PUT', '/api/user/tastes', { cookies, body: { ...tastes, strengths: ['full', 'full'] } })).status).toBe(400);

    const done = await call(handler, 'POST', '/api/user/first-run', { cookies });
    expect(done.status).toBe(200);
    const at = (done.body as { onboardedAt: string }).onboardedAt;
    expect(Date.parse(at)).not.toBeNaN();
    const again = await call(handler, 'POST', '/api/user/first-run', { cookies });
    expect(again.body).toMatchObject({ onboardedAt: at, tastes });
  });
});
