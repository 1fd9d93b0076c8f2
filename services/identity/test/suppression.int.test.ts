import { randomUUID } from 'node:crypto';
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptingBus } from '../../kit/test/bus.ts';
import { serviceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

/**
 * SES's bounces and complaints (README, "Email"): the configuration set's events on the default bus reach identity's
 * worker, which suppresses the account's current address and tells the services that email members.
 */
const bus = acceptingBus();
let http: Parameters<typeof call>[0];
let worker: (e: unknown, c: unknown) => Promise<unknown>;

beforeAll(async () => {
  ({ http, worker } = await serviceFixture('identity', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') }));
});

const unique = () => `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
async function member() {
  const email = unique();
  const s = await call(http, 'POST', '/api/auth/signup', { body: { email, password: 'Cohiba-1966', firstName: 'Ana', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US' } });
  expect(s.status).toBe(201);
  return { userId: s.body.userId as string, email };
}
/** An SES event as the default bus delivers it (its event publishing format). */
const sesEvent = (type: string, detail: Record<string, unknown>, address: string) => ({
  version: '0', id: randomUUID(), 'detail-type': type, source: 'aws.ses', account: '0', time: new Date().toISOString(), region: 'us-east-1', resources: [],
  detail: { eventType: type, mail: { messageId: randomUUID(), destination: [address], tags: { kind: ['digest'] } }, ...detail },
});
const bounce = (address: string, bounceType = 'Permanent') =>
  sesEvent('Email Bounced', { bounce: { bounceType, bouncedRecipients: [{ emailAddress: address.toUpperCase() }] } }, address);
const complaint = (address: string) => sesEvent('Email Complaint Received', { complaint: { complainedRecipients: [{ emailAddress: address }] } }, address);
const emailEvents = (userId: string) => bus.commandCalls(PutEventsCommand).flatMap((c) => c.args[0].input.Entries ?? [])
  .filter((e) => e.DetailType === 'MemberEmailChanged').map((e) => JSON.parse(e.Detail!)).filter((d) => d.userId === userId);

describe('suppression from SES events', () => {
  it('suppresses an address after a permanent bounce, once, and says so in MemberEmailChanged with a newer version', async () => {
    const m = await member();
    const before = emailEvents(m.userId).at(-1);
    expect(before).toMatchObject({ email: m.email, suppressed: false });
    bus.resetHistory();
    const event = bounce(m.email);
    await worker(event, {});
    await worker({ ...event, id: randomUUID() }, {});
    const after = emailEvents(m.userId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ email: m.email, suppressed: true });
    expect(after[0].version).toBeGreaterThan(before.version);
  });

  it('suppresses after a complaint, and leaves a transient bounce or an unknown address alone', async () => {
    const [a, b] = [await member(), await member()];
    bus.resetHistory();
    await worker(bounce(a.email, 'Transient'), {});
    await worker(bounce(unique()), {});
    expect(emailEvents(a.userId)).toEqual([]);
    await worker(complaint(b.email), {});
    expect(emailEvents(b.userId)).toEqual([expect.objectContaining({ suppressed: true })]);
  });

  it('drops a malformed SES event without touching anyone', async () => {
    const m = await member();
    bus.resetHistory();
    await worker({ ...bounce(m.email), detail: { eventType: 'Bounce' } }, {});
    expect(emailEvents(m.userId)).toEqual([]);
  });
});
