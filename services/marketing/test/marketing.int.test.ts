import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readInbox } from '@torcedor/local/src/aws/ses.ts';
import { routes } from '@torcedor/shared/routes';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { profileDetail, serviceFixture, type Member, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';
import { shuffle } from '../../kit/test/shuffle.ts';
import { keys } from '../src/store/keys.ts';
import { decodeCursor } from '../src/store/rescore-cursor.ts';

let f: ServiceFixture;
let http: ServiceFixture['http'];
let worker: (e: unknown, c: unknown) => Promise<void>;
let ddb: ServiceFixture['ddb'];
let owner: Member;
const pool = () => f.pool();

beforeAll(async () => {
  f = await serviceFixture('marketing', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
  ({ http, ddb } = f);
  worker = f.worker as typeof worker;
  owner = await f.member({ owner: true });
});

const DAY = 86_400_000;
const iso = (msAgo = 0) => new Date(Date.now() - msAgo).toISOString();
const registered = (userId: string, extra: Record<string, unknown> = {}) => ({
  userId, email: `${userId}@example.com`, firstName: 'Lead', lastName: 'Person', kind: 'member', registeredAt: iso(), trialEndsAt: null, ...extra,
});
const profile = (userId: string, version: number, marketingEmails: boolean, language?: string) =>
  profileDetail(userId, version, 'Lead Person', { marketingEmails, ...(language ? { language } : {}) });
const readLead = async (userId: string) => (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: `LEAD#${userId}`, SK: 'LEAD' }, ConsistentRead: true }))).Item;
const asOwner = (method: string, path: string, r: Parameters<typeof call>[3] = {}) => f.as(owner)(method, path, r);
const newCampaign = async (name: string, extra: Record<string, unknown> = {}) => {
  const r = await asOwner('POST', '/api/marketing/campaigns', { body: { name, description: `${name} copy`, type: 'social', ...extra } });
  expect(r.status).toBe(201);
  return r.body as { id: string; link: string; stats: { signups: number; conversions: number; visits: number }; status: string };
};
const campaign = async (id: string) => (await asOwner('GET', `/api/marketing/campaigns/${id}`, { pathParameters: { id } })).body;
/** Every item of a raw query, all pages. */
const queryRaw = async (input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName' | 'ExclusiveStartKey'>) => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.ddb.send(new QueryCommand({ ...input, TableName: ddb.TABLE, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};
/** Every registered lead, read from the table directly (not through the service's own counters): every GSI1 shard. */
const allLeads = async () => (await Promise.all(keys.leadShards.map((pk) => queryRaw({
  IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': pk },
})))).flat();
const runAutomation = async (name: string) => {
  const r = await asOwner('POST', '/api/marketing/automation/run', { body: { name } });
  expect(r.status).toBe(202);
  await worker(busEvent('AutomationRequested', { runId: r.body.id, name, requestedBy: owner.userId }, randomUUID(), 'torcedor.marketing'), {});
  const list = await asOwner('GET', '/api/marketing/automations');
  return (list.body.items as { name: string; lastRun: { id: string; outcome: string; summary: string; durationMs: number } }[]).find((a) => a.name === name)!.lastRun;
};

describe('access', () => {
  const marketingRoutes = Object.entries(routes).filter(([, r]) => r.service === 'marketing');
  // Only the landing page's visit beacon is public; the member's own export is the account export's part.
  const open = new Set(['recordVisit', 'exportMarketing']);

  it('every owner route answers 403 to a member and 401 to a visitor (the loop covers each route of the manifest)', async () => {
    const member = await f.member();
    const ownerRoutes = marketingRoutes.filter(([name]) => !open.has(name));
    expect(ownerRoutes.length).toBeGreaterThanOrEqual(12);
    for (const [name, r] of ownerRoutes) {
      expect(r.access, `${name} must be owner-only`).toBe('owner');
      const path = r.path.replace('{id}', 'some-id');
      const req = { pathParameters: r.path.includes('{id}') ? { id: 'some-id' } : undefined, body: r.body ? {} : undefined };
      const asMember = await call(http, r.method, path, { ...req, cookies: member.cookies });
      expect(asMember.status, `${name} as a member`).toBe(403);
      expect(asMember.body.message).toBe('This area is restricted to platform administrators.');
      expect((await call(http, r.method, path, req)).status, `${name} as a visitor`).toBe(401);
    }
  });
});

describe('leads from real signals', () => {
  it('a sign-up creates one lead with its UTM source, attributed to the campaign its link named', async () => {
    const c = await newCampaign('Winter Lounge Nights');
    const link = new URL(c.link);
    expect(link.searchParams.get('utm_campaign')).toBe(c.id);
    const userId = randomUUID();
    const attribution = { utmSource: 'Instagram', utmMedium: 'social', utmCampaign: c.id, referrer: 'https://www.instagram.com/p/abc' };
    const event = busEvent('UserRegistered', registered(userId, { attribution }));
    await Promise.all([deliver(worker, event), deliver(worker, event), deliver(worker, busEvent('UserRegistered', registered(userId, { attribution })))]);
    const lead = await readLead(userId);
    expect(lead).toMatchObject({ source: 'instagram', medium: 'social', utmCampaign: c.id, campaignId: c.id, registered: true, status: 'new' });
    const after = await campaign(c.id);
    expect(after.campaign.stats.signups).toBe(1);
    expect(after.leads.map((l: { id: string }) => l.id)).toEqual([userId]);

    // The referrer's host when there is no utm_source; 'direct' without either.
    const byReferrer = randomUUID();
    await worker(busEvent('UserRegistered', registered(byReferrer, { attribution: { referrer: 'https://www.google.com/search?q=cigars' } })), {});
    expect((await readLead(byReferrer))?.source).toBe('google.com');
    const direct = randomUUID();
    await worker(busEvent('UserRegistered', registered(direct)), {});
    expect((await readLead(direct))?.source).toBe('direct');
  });

  it('activity, a trial and a subscription build the lead in any order and counted once under duplicates', async () => {
    const c = await newCampaign('Trial Push');
    const userId = randomUUID();
    const at = iso();
    const events = [
      busEvent('UserRegistered', registered(userId, { kind: 'trial', email: null, firstName: null, lastName: null, attribution: { utmCampaign: c.id, utmSource: 'newsletter' } })),
      busEvent('PostPublished', { postId: 'p1', userId, createdAt: at }),
      busEvent('PostPublished', { postId: 'p2', userId, createdAt: at }),
      busEvent('ReviewPublished', { reviewId: 'r1', userId, cigarId: 'padron-1926', brandName: 'Padrón', cigarName: 'Padrón 1926 Serie No. 9', drawScore: 90, burnScore: 90, flavorScore: 94, overallScore: 92, flavorTags: [], createdAt: at }),
      busEvent('CollectionItemChanged', { userId, itemId: 'h1', list: 'humidor', version: 1, removed: false, cigarId: 'x', brandName: 'B', cigarName: 'C', cigarVitola: null, cigarStrength: null, quantity: 2, status: null, boxDate: null, pricePaid: null, priority: null, createdAt: at }),
      busEvent('CollectionItemChanged', { userId, itemId: 'h1', list: 'humidor', version: 2, removed: false, cigarId: 'x', brandName: 'B', cigarName: 'C', cigarVitola: null, cigarStrength: null, quantity: 3, status: null, boxDate: null, pricePaid: null, priority: null, createdAt: at }),
      busEvent('CollectionItemChanged', { userId, itemId: 'w1', list: 'wishlist', version: 1, removed: false, cigarId: 'x', brandName: 'B', cigarName: 'C', cigarVitola: null, cigarStrength: null, quantity: null, status: null, boxDate: null, pricePaid: null, priority: 1, createdAt: at }),
      busEvent('EventNotice', { noticeId: randomUUID(), kind: 'rsvp', eventId: 'e1', eventTitle: 'Herf', actorId: userId, recipientIds: ['host'], createdAt: at }, randomUUID(), 'torcedor.events'),
      busEvent('EntitlementChanged', { userId, version: 1, tier: 'trial', until: iso(-7 * DAY) }, randomUUID(), 'torcedor.billing'),
      busEvent('EntitlementChanged', { userId, version: 2, tier: 'premium', until: iso(-30 * DAY) }, randomUUID(), 'torcedor.billing'),
    ];
    // Every event twice (a redelivery and the same fact again), in a shuffled order, in parallel.
    const deliveries = shuffle([...events, ...events.map((e) => ({ ...e, id: randomUUID() }))], 7);
    await Promise.all(deliveries.map((e) => deliver(worker, e, [200, 1000, 3000])));
    const lead = await readLead(userId);
    expect(lead).toMatchObject({ posts: 2, reviews: 1, humidorAdds: 1, rsvps: 1, trialed: true, converted: true, status: 'converted', engagementScore: 100, campaignId: c.id });
    const after = (await campaign(c.id)).campaign.stats;
    expect(after).toMatchObject({ signups: 1, trials: 1, conversions: 1, conversionRate: 100 });
  });

  it('the marketing-emails setting decides the audience: off by default, newer versions only', async () => {
    const c = await newCampaign('Newsletter', { type: 'email', objective: 'engagement' });
    const yes = randomUUID();
    const no = randomUUID();
    await worker(busEvent('UserRegistered', registered(yes)), {});
    await worker(busEvent('UserRegistered', registered(no)), {});
    await worker(busEvent('UserProfileChanged', profile(yes, 2, true)), {});
    await worker(busEvent('UserProfileChanged', profile(yes, 1, false)), {}); // older: ignored
    const ids = async () => ((await campaign(c.id)).audience.leads as { id: string }[]).map((l) => l.id);
    const before = (await campaign(c.id)).audience.size;
    expect(await ids()).toContain(yes);
    expect(await ids()).not.toContain(no);
    await worker(busEvent('UserProfileChanged', profile(yes, 3, false)), {});
    expect(await ids()).not.toContain(yes);
    expect((await campaign(c.id)).audience.size).toBe(before - 1);
    expect((await readLead(yes))?.contactable).toBe(false);
  });

  it('deleting the account deletes the lead and takes it out of every total, once', async () => {
    const c = await newCampaign('Deletion');
    const userId = randomUUID();
    await worker(busEvent('UserRegistered', registered(userId, { attribution: { utmCampaign: c.id } })), {});
    await worker(busEvent('PostPublished', { postId: 'p', userId, createdAt: iso() }), {});
    const dash = async () => (await asOwner('GET', '/api/marketing/dashboard')).body.totalLeads as number;
    const base = await dash();
    const del = () => busEvent('UserDeleted', { userId, deletedAt: iso() });
    await Promise.all([deliver(worker, del()), deliver(worker, del())]);
    expect(await readLead(userId)).toBeUndefined();
    expect(await dash()).toBe(base - 1);
    expect((await campaign(c.id)).campaign.stats.signups).toBe(0);
    // A late event of the deleted member brings nothing back.
    await worker(busEvent('PostPublished', { postId: 'late', userId, createdAt: iso() }), {});
    await worker(busEvent('EventNotice', { noticeId: randomUUID(), kind: 'rsvp', eventId: 'e9', eventTitle: 'Herf', actorId: userId, recipientIds: ['h'], createdAt: iso() }), {});
    expect(await readLead(userId)).toBeUndefined();
  });

  it('drops a malformed event without writing anything', async () => {
    const before = (await asOwner('GET', '/api/marketing/dashboard')).body.totalLeads;
    await worker(busEvent('UserRegistered', { userId: 42 }), {});
    expect((await asOwner('GET', '/api/marketing/dashboard')).body.totalLeads).toBe(before);
  });
});

describe('the member\'s address (MemberEmailChanged)', () => {
  it('keeps the newest address and its verification, in any order, over the one the account signed up with', async () => {
    const userId = randomUUID();
    const email = (version: number, address: string, verified: boolean) =>
      deliver(worker, busEvent('MemberEmailChanged', { userId, version, email: address, verified }));
    // The change of address arrives before the sign-up it follows, and a stale one after it.
    await email(3, 'new@example.com', true);
    await deliver(worker, busEvent('UserRegistered', registered(userId)));
    await email(2, 'old@example.com', false);
    await email(3, 'new@example.com', true);
    expect(await readLead(userId)).toMatchObject({ registered: true, email: 'new@example.com', emailVerified: true, emailVersion: 3 });
    await email(4, 'newer@example.com', false);
    expect(await readLead(userId)).toMatchObject({ email: 'newer@example.com', emailVerified: false, emailVersion: 4 });
  });

  it('starts a lead unverified from its sign-up alone', async () => {
    const userId = randomUUID();
    await deliver(worker, busEvent('UserRegistered', registered(userId)));
    expect(await readLead(userId)).toMatchObject({ email: `${userId}@example.com`, emailVerified: false, emailVersion: 0 });
  });
});

describe('campaign emails', () => {
  type Email = { subject: string; body: string; status: string; recipients: number; sent: number; unsubscribed: number; sendStartedAt: string | null; sentAt: string | null };
  const sesEndpoint = () => pool().sesEndpoint;
  const inboxOf = async (to: string, subject: string) => (await readInbox(sesEndpoint())).filter((m) => m.destination.to.includes(to) && m.subject === subject);
  const emailPath = (id: string, rest = '') => `/api/marketing/campaigns/${id}/email${rest}`;
  const save = (id: string, body: unknown) => asOwner('PUT', emailPath(id), { pathParameters: { id }, body });
  const post = (id: string, what: 'test' | 'send') => asOwner('POST', emailPath(id, `/${what}`), { pathParameters: { id } });
  const preview = (id: string) => asOwner('GET', emailPath(id, '/preview'), { pathParameters: { id } });
  const emailOf = async (id: string) => (await campaign(id)).campaign.email as Email;
  let versions = 100;
  /** A registered member with an address (verified or not, or none) and the marketing-emails setting. */
  const member = async (o: { marketing: boolean; verified: boolean; address?: boolean; suppressed?: boolean; language?: string }) => {
    const userId = randomUUID();
    const email = o.address === false ? null : `${userId}@example.com`;
    await deliver(worker, busEvent('UserRegistered', registered(userId)));
    await deliver(worker, busEvent('MemberEmailChanged', { userId, version: 1, email, verified: o.verified, suppressed: o.suppressed ?? false }));
    await deliver(worker, busEvent('UserProfileChanged', profile(userId, versions++, o.marketing, o.language)));
    return { userId, email: email ?? '' };
  };
  const minuteTick = () => deliver(worker, { ...busEvent('Scheduled', { schedule: 'outbox-relay-marketing' }), source: 'aws.events' });
  const sendJob = async () => ({ ...(await import('../src/handlers/campaign-email.ts')), ...(await import('../src/domain/campaign-email.ts')), jobs: await import('@torcedor/service-kit/jobs') });

  it("counts what SES reports of a campaign's messages (each event once), and leaves other messages alone", async () => {
    const c = await newCampaign('Outcome night');
    await save(c.id, { subject: 'Outcomes', body: 'Counted.' });
    const ses = (type: string, tags: Record<string, string[]>) => ({
      ...busEvent(type, { eventType: type, mail: { messageId: randomUUID(), destination: ['m@example.com'], tags } }), source: 'aws.ses',
    });
    const campaignTags = { kind: ['campaign'], campaign: [c.id] };
    const delivered = ses('Email Delivered', campaignTags);
    await deliver(worker, delivered);
    await deliver(worker, delivered);
    await deliver(worker, ses('Email Delivered', campaignTags));
    await deliver(worker, ses('Email Bounced', campaignTags));
    await deliver(worker, ses('Email Complaint Received', campaignTags));
    await deliver(worker, ses('Email Delivered', { kind: ['digest'] }));
    await deliver(worker, ses('Email Delivered', { kind: ['campaign'], campaign: ['no-such-campaign'] }));
    expect(await emailOf(c.id)).toMatchObject({ delivered: 2, bounced: 1, complained: 1 });
  });

  it('saves, previews (the body as plain text, escaped in the HTML) and refuses a preview of a campaign with no email', async () => {
    const c = await newCampaign('Preview night');
    expect((await preview(c.id)).status).toBe(404);
    const saved = await save(c.id, { subject: 'Havana night', body: 'Join us <b>tonight</b> & bring a friend.\n\nDoors at eight.' });
    expect(saved.status).toBe(200);
    expect(saved.body.email).toMatchObject({ subject: 'Havana night', status: 'draft', recipients: 0, sent: 0, unsubscribed: 0, sendStartedAt: null, sentAt: null });
    expect((await asOwner('GET', '/api/marketing/campaigns')).body.items.find((i: { id: string }) => i.id === c.id).email.subject).toBe('Havana night');
    const shown = await preview(c.id);
    expect(shown.status).toBe(200);
    expect(shown.body.subject).toBe('Havana night');
    expect(shown.body.text).toContain('Join us <b>tonight</b> & bring a friend.\n\nDoors at eight.');
    expect(shown.body.text).toContain(c.link);
    expect(shown.body.text).toContain('You receive this because you turned on Marketing emails at Torcedor.');
    expect(shown.body.text).toMatch(/\/unsubscribe\?token=/);
    expect(shown.body.html).toContain('Join us &lt;b&gt;tonight&lt;/b&gt; &amp; bring a friend.');
    expect(shown.body.html).not.toContain('<b>tonight');
    expect(shown.body.html).toContain('<p style="font-size:16px;line-height:1.5">Doors at eight.</p>');
    // In the language the owner's request asks in: the footer and the button; the owner's words as written.
    const french = await asOwner('GET', emailPath(c.id, '/preview'), { pathParameters: { id: c.id }, headers: { 'Accept-Language': 'fr-CA,fr;q=0.9' } });
    expect(french.body.text).toContain('Join us <b>tonight</b> & bring a friend.');
    expect(french.body.text).toContain('Vous recevez cet e-mail parce que vous avez activé les e-mails promotionnels sur Torcedor.');
    expect(french.body.text).toContain('Se désabonner\u00a0: ');
    expect(french.body.html).toContain('<html lang="fr">');
    expect((await save('no-such-campaign', { subject: 'x', body: 'y' })).status).toBe(404);
    expect((await save(c.id, { subject: '', body: 'y' })).status).toBe(400);
  });

  it("a test goes to the owner's own verified address only, with the one-click unsubscribe headers", async () => {
    const c = await newCampaign('Test night');
    await save(c.id, { subject: `Test ${c.id}`, body: 'A test.' });
    const address = `owner-${owner.userId}@example.com`;
    const ownerEmail = (version: number, verified: boolean) =>
      deliver(worker, busEvent('MemberEmailChanged', { userId: owner.userId, version, email: address, verified, suppressed: false }));
    const refused = await post(c.id, 'test');
    expect([refused.status, refused.body.code]).toEqual([409, 'NO_VERIFIED_ADDRESS']);
    await ownerEmail(1, false);
    expect((await post(c.id, 'test')).body.code).toBe('NO_VERIFIED_ADDRESS');
    await ownerEmail(2, true);
    const sent = await post(c.id, 'test');
    expect([sent.status, sent.body]).toEqual([202, { ok: true }]);
    const [message, ...more] = await inboxOf(address, `Test ${c.id}`);
    expect(more).toHaveLength(0);
    const header = (name: string) => message!.headers?.find((h) => h.name === name)?.value;
    expect(header('List-Unsubscribe')).toMatch(/^<http.*\/api\/unsubscribe\/one-click\?token=[A-Za-z0-9_.-]+>$/);
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(message!.body.text).toContain(c.link);
    // A test sends nothing to members and leaves the email a draft.
    expect(await emailOf(c.id)).toMatchObject({ status: 'draft', sent: 0 });
  });

  it('sends once to exactly the contactable verified members, each once even when a page runs twice or SES fails', async () => {
    const c = await newCampaign('Send night');
    const subject = `Send ${c.id}`;
    await save(c.id, { subject, body: 'First paragraph.\n\nSecond.' });
    // Two of them in their own language (their copy's, from UserProfileChanged).
    const languages = [undefined, 'es', 'de', undefined];
    const receivers = await Promise.all(languages.map((language) => member({ marketing: true, verified: true, language })));
    const others = await Promise.all([
      member({ marketing: false, verified: true }), member({ marketing: true, verified: false }),
      member({ marketing: true, verified: true, address: false }), member({ marketing: true, verified: true, suppressed: true }),
    ]);
    // The audience computed independently from the table (earlier tests' leads included).
    const audience = (await allLeads()).filter((l) => l.contactable === true && l.emailVerified === true && l.emailSuppressed !== true && typeof l.email === 'string');
    expect(audience.map((l) => l.id)).toEqual(expect.arrayContaining(receivers.map((r) => r.userId)));
    const started = await post(c.id, 'send');
    expect([started.status, started.body]).toEqual([202, { ok: true, recipients: audience.length }]);
    expect(await emailOf(c.id)).toMatchObject({ status: 'sending', recipients: audience.length, sent: 0, sendStartedAt: expect.any(String) });
    expect((await post(c.id, 'send')).body.code).toBe('EMAIL_ALREADY_SENT');
    expect((await save(c.id, { subject: 'Changed', body: 'Changed' })).body.code).toBe('EMAIL_ALREADY_SENT');

    const s = await sendJob();
    const job = (await s.jobs.readJob<{ campaignId: string }>(s.CAMPAIGN_SEND_JOB, c.id))!;
    expect(job).toMatchObject({ status: 'running', params: { campaignId: c.id } });
    // The page of a receiver's shard, run twice (its checkpoint never written): the second sends nobody anything. Not
    // the last shard's receiver: a page of the last shard ends the send, and the second run would find nothing sending.
    const shardOf = (r: { userId: string }) => keys.leadShards.indexOf(keys.leadsShardOf(r.userId));
    const twice = receivers.find((r) => shardOf(r) < keys.leadShards.length - 1)!;
    const shard = shardOf(twice);
    const cursor = Buffer.from(JSON.stringify({ shard, key: null, scanned: 0, sent: 0 })).toString('base64url');
    const page = () => s.campaignSendPage({ params: job.params, cursor, runId: job.runId, key: c.id });
    const first = await page();
    expect(await page()).toEqual(first);
    expect(await inboxOf(twice.email, subject)).toHaveLength(1);
    // SES refuses the second receiver once: the page fails, their marker is taken back, and the retry sends it.
    const { mail } = await import('../src/providers/mail.ts');
    const realSend = mail.send;
    let refusedOnce = false;
    const spy = vi.spyOn(mail, 'send').mockImplementation(async (m) => {
      if (m.to === receivers.find((r) => r !== twice)!.email && !refusedOnce) {
        refusedOnce = true;
        throw Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'TooManyRequestsException' });
      }
      return realSend(m);
    });
    try {
      for (let i = 0; i < 40 && (await emailOf(c.id)).status === 'sending'; i++) await minuteTick();
    } finally {
      spy.mockRestore();
    }
    expect(refusedOnce).toBe(true);
    expect(await emailOf(c.id)).toMatchObject({ status: 'sent', recipients: audience.length, sent: audience.length, sentAt: expect.any(String), unsubscribed: 0 });
    for (const r of receivers) expect(await inboxOf(r.email, subject), r.userId).toHaveLength(1);
    for (const o of others) expect(o.email ? await inboxOf(o.email, subject) : []).toHaveLength(0);
    const [message] = await inboxOf(receivers[2]!.email, subject);
    expect(message!.headers?.find((h) => h.name === 'List-Unsubscribe-Post')?.value).toBe('List-Unsubscribe=One-Click');
    expect(message!.body.text).toContain('First paragraph.\n\nSecond.');
    // The owner's words as written; the button and the footer in the recipient's language.
    expect(message!.body.text).toMatch(/^Torcedor besuchen: \S+$/m);
    expect(message!.body.text).toContain('Sie erhalten diese E-Mail, weil Sie Marketing-E-Mails bei Torcedor aktiviert haben.');
    expect(message!.body.text).toMatch(/^Abbestellen: \S+\/unsubscribe\?token=/m);
    const [spanish] = await inboxOf(receivers[1]!.email, subject);
    expect(spanish!.body.text).toContain('First paragraph.\n\nSecond.');
    expect(spanish!.body.text).toContain('Recibes este correo porque activaste los correos promocionales en Torcedor.');
    expect(spanish!.body.text).toMatch(/^Darse de baja: \S+$/m);
    expect((await inboxOf(receivers[0]!.email, subject))[0]!.body.text).toContain('You receive this because you turned on Marketing emails at Torcedor.');
    expect(await s.jobs.readJob(s.CAMPAIGN_SEND_JOB, c.id)).toMatchObject({ status: 'done' });
    // The continuation again, and a page after the end: nobody gets it twice.
    await minuteTick();
    expect(await page()).toEqual({ next: null });
    for (const r of receivers) expect(await inboxOf(r.email, subject)).toHaveLength(1);
    expect((await post(c.id, 'send')).body.code).toBe('EMAIL_ALREADY_SENT');
    expect((await save(c.id, { subject: 'Changed', body: 'Changed' })).status).toBe(409);

    // A recipient turning marketing emails off counts once on it, however often they switch; a non-recipient not at all.
    await deliver(worker, busEvent('UserProfileChanged', profile(receivers[3]!.userId, versions++, false)));
    await deliver(worker, busEvent('UserProfileChanged', profile(receivers[3]!.userId, versions++, true)));
    await deliver(worker, busEvent('UserProfileChanged', profile(receivers[3]!.userId, versions++, false)));
    await deliver(worker, busEvent('UserProfileChanged', profile(others[1]!.userId, versions++, false)));
    expect(await emailOf(c.id)).toMatchObject({ unsubscribed: 1 });

    // Deleting a recipient's account takes their recipient marker with the lead.
    const markers = (userId: string) => queryRaw({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :m)', ExpressionAttributeValues: { ':pk': `LEAD#${userId}`, ':m': 'MAIL#' } });
    expect(await markers(receivers[0]!.userId)).toHaveLength(1);
    await deliver(worker, busEvent('UserDeleted', { userId: receivers[0]!.userId, deletedAt: iso() }));
    expect(await markers(receivers[0]!.userId)).toHaveLength(0);
  }, 120_000);

  it('two sends at once start one', async () => {
    const c = await newCampaign('Race night');
    await save(c.id, { subject: `Race ${c.id}`, body: 'Once.' });
    const answers = await Promise.all([post(c.id, 'send'), post(c.id, 'send')]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    for (let i = 0; i < 40 && (await emailOf(c.id)).status === 'sending'; i++) await minuteTick();
    expect(await emailOf(c.id)).toMatchObject({ status: 'sent' });
  }, 120_000);
});

describe('automations', () => {
  it('lead scoring run twice gives the same scores (the second changes nothing)', async () => {
    const old = randomUUID();
    await worker(busEvent('UserRegistered', registered(old, { registeredAt: iso(60 * DAY) })), {});
    // A stale score, as a lead scored weeks ago has.
    await ddb.ddb.send(new UpdateCommand({ TableName: ddb.TABLE, Key: { PK: `LEAD#${old}`, SK: 'LEAD' }, UpdateExpression: 'SET engagementScore = :s', ExpressionAttributeValues: { ':s': 1 } }));
    const first = await runAutomation('lead_scoring_update');
    expect(first.outcome).toBe('succeeded');
    expect(first.summary).toMatch(/^Rescored \d+ leads?, [1-9]\d* changed\.$/);
    const scores = new Map((await allLeads()).map((l) => [l.id, l.engagementScore]));
    expect(scores.get(old)).toBe(20 + 5 + 5 + Math.round(15 * 0.5 ** (60 / 14)));
    await worker({ ...busEvent('Scheduled', { schedule: 'lead_scoring_update' }), source: 'aws.events' }, {});
    const again = new Map((await allLeads()).map((l) => [l.id, l.engagementScore]));
    expect(again).toEqual(scores);
    const runs = (await asOwner('GET', '/api/marketing/automations')).body.items.find((a: { name: string }) => a.name === 'lead_scoring_update');
    expect(runs.lastRun).toMatchObject({ trigger: 'schedule', outcome: 'succeeded', summary: expect.stringMatching(/, 0 changed\.$/) });
    expect(runs.history.length).toBeGreaterThanOrEqual(2);
  });

  it('two concurrent starts of one automation: one runs, the other is refused with a clear message', async () => {
    const body = { name: 'campaign_optimization' };
    const [a, b] = await Promise.all([asOwner('POST', '/api/marketing/automation/run', { body }), asOwner('POST', '/api/marketing/automation/run', { body })]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([202, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toMatchObject({ code: 'AUTOMATION_RUNNING', message: 'Campaign Optimization is already running. Try again when this run finishes.' });
    // The schedule's tick meanwhile is skipped too.
    await worker({ ...busEvent('Scheduled', { schedule: 'campaign_optimization' }), source: 'aws.events' }, {});
    const started = a.status === 202 ? a : b;
    const listed = (await asOwner('GET', '/api/marketing/automations')).body.items.find((x: { name: string }) => x.name === 'campaign_optimization');
    expect(listed).toMatchObject({ running: true, lastRun: { id: started.body.id, outcome: 'running', trigger: 'owner' } });
    await worker(busEvent('AutomationRequested', { runId: started.body.id, name: 'campaign_optimization', requestedBy: owner.userId }, randomUUID(), 'torcedor.marketing'), {});
    const done = (await asOwner('GET', '/api/marketing/automations')).body.items.find((x: { name: string }) => x.name === 'campaign_optimization');
    expect(done.running).toBe(false);
    expect(done.lastRun).toMatchObject({ id: started.body.id, outcome: 'succeeded', durationMs: expect.any(Number) });
    // Free again.
    expect((await runAutomation('campaign_optimization')).outcome).toBe('succeeded');
  });

  it('campaign optimization ranks running campaigns and flags the weakest', async () => {
    const strong = await newCampaign('Strong');
    const weak = await newCampaign('Weak');
    for (let i = 0; i < 3; i++) await worker(busEvent('UserRegistered', registered(randomUUID(), { attribution: { utmCampaign: strong.id } })), {});
    await runAutomation('campaign_optimization');
    const list = (await asOwner('GET', '/api/marketing/campaigns')).body.items as { id: string; status: string; stats: { signups: number; conversions: number }; ranking: { rank: number; of: number; weakest: boolean; score: number } }[];
    const running = list.filter((c) => c.status === 'active' || c.status === 'paused');
    const ranks = running.map((c) => c.ranking.rank).sort((x, y) => x - y);
    expect(ranks).toEqual(running.map((_, i) => i + 1));
    const byId = new Map(list.map((c) => [c.id, c]));
    expect(byId.get(strong.id)!.ranking.rank).toBeLessThan(byId.get(weak.id)!.ranking.rank);
    expect(running.filter((c) => c.ranking.weakest)).toHaveLength(1);
    const weakest = running.find((c) => c.ranking.weakest)!;
    expect(weakest.ranking.rank).toBe(running.length);
    for (const c of running) expect(c.ranking.score).toBe(c.stats.signups + 3 * c.stats.conversions);
  });

  it('content generation drafts a post from the week; the owner edits and publishes it as a post in their name', async () => {
    const run = await runAutomation('daily_content_generation');
    expect(run.outcome).toBe('succeeded');
    const drafts = (await asOwner('GET', '/api/marketing/drafts')).body.items as { id: string; kind: string; status: string; body: string; generatedBy: string }[];
    const post = drafts.find((d) => d.kind === 'post' && d.status === 'draft')!;
    expect(post.generatedBy).toBe('local');
    expect(post.body).toMatch(/Padrón 1926 Serie No\. 9/);
    const edited = await asOwner('PUT', `/api/marketing/drafts/${post.id}`, { pathParameters: { id: post.id }, body: { title: 'Our week', body: 'Edited by the owner.' } });
    expect(edited.body).toMatchObject({ title: 'Our week', body: 'Edited by the owner.', status: 'draft' });
    const published = await asOwner('POST', `/api/marketing/drafts/${post.id}/publish`, { pathParameters: { id: post.id } });
    expect(published.body).toMatchObject({ status: 'published', publishedAs: expect.any(String) });
    const entries = await publishedEvents(pool());
    const approved = entries.filter((e) => e.DetailType === 'MarketingPostApproved').map((e) => JSON.parse(e.Detail!)).find((d) => d.draftId === post.id);
    expect(approved).toMatchObject({ postId: published.body.publishedAs, userId: owner.userId, content: 'Edited by the owner.' });
    const again = await asOwner('POST', `/api/marketing/drafts/${post.id}/publish`, { pathParameters: { id: post.id } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DRAFT_CLOSED');
  });

  it('the generate button drafts a campaign with the AI provider, waiting as a draft', async () => {
    const r = await asOwner('POST', '/api/marketing/campaigns', { body: { generate: true, objective: 'acquisition' }, headers: { 'idempotency-key': randomUUID() } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ generatedBy: 'local', status: 'draft', objective: 'acquisition' });
    expect(r.body.name.length).toBeGreaterThan(3);
    expect(r.body.description.length).toBeGreaterThan(20);
    const active = await asOwner('PUT', `/api/marketing/campaigns/${r.body.id}`, { pathParameters: { id: r.body.id }, body: { status: 'active' } });
    expect(active.body.status).toBe('active');
  });
});

describe('dashboard and analytics', () => {
  it("the dashboard's numbers equal counts computed independently from the table", async () => {
    // Seed: 4 members now, 1 from 10 days ago, 2 converted.
    const ids = Array.from({ length: 5 }, () => randomUUID());
    for (const [i, id] of ids.entries()) await worker(busEvent('UserRegistered', registered(id, { registeredAt: iso(i === 4 ? 10 * DAY : 0) })), {});
    for (const id of ids.slice(0, 2)) await worker(busEvent('EntitlementChanged', { userId: id, version: 1, tier: 'premium', until: iso(-30 * DAY) }), {});
    const dash = (await asOwner('GET', '/api/marketing/dashboard')).body;
    const leads = await allLeads();
    const weekAgo = iso(7 * DAY);
    expect(dash.totalLeads).toBe(leads.length);
    expect(dash.recentLeads).toBe(leads.filter((l) => String(l.createdAt) >= weekAgo).length);
    const converted = leads.filter((l) => l.converted === true).length;
    expect(dash.conversionRate).toBe(Math.round((converted / leads.length) * 1000) / 10);
    const campaigns = (await asOwner('GET', '/api/marketing/campaigns')).body.items as { status: string }[];
    expect(dash.totalCampaigns).toBe(campaigns.length);
    expect(dash.activeCampaigns).toBe(campaigns.filter((c) => c.status === 'active').length);
    const scores = leads.map((l) => Number(l.engagementScore)).sort((a, b) => b - a).slice(0, 5);
    expect(dash.topLeads.map((l: { engagementScore: number }) => l.engagementScore)).toEqual(scores);
  });

  it('counts visits for the funnel and for the campaign whose link brought them', async () => {
    const c = await newCampaign('Visits');
    const before = (await asOwner('GET', '/api/marketing/analytics')).body;
    for (let i = 0; i < 3; i++) expect((await call(http, 'POST', '/api/marketing/visits', { body: { attribution: { utmCampaign: c.id, utmSource: 'social' } } })).status).toBe(200);
    await call(http, 'POST', '/api/marketing/visits', { body: {} });
    expect((await call(http, 'POST', '/api/marketing/visits', { body: { attribution: { referrer: 'javascript:alert(1)' } } })).status).toBe(400);
    const after = (await asOwner('GET', '/api/marketing/analytics')).body;
    expect(after.funnel.visitors).toBe(before.funnel.visitors + 4);
    expect(after.days).toHaveLength(30);
    expect(after.days.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    const mine = await campaign(c.id);
    expect(mine.campaign.stats.visits).toBe(3);
    expect(mine.days.at(-1).visits).toBe(3);
    const sources = after.sources as { source: string; leads: number }[];
    const leads = await allLeads();
    for (const s of sources) expect(s.leads).toBe(leads.filter((l) => l.source === s.source).length);
  });
});

describe('the visit beacon (a public, unauthenticated write)', () => {
  let n = 0;
  const address = () => `10.99.${Math.floor(n / 250)}.${1 + (n++ % 250)}`;
  const visit = (r: Parameters<typeof call>[3]) => call(http, 'POST', '/api/marketing/visits', r);

  it('counts a browser once a day: the first visit sets a cookie naming the day, and a visit carrying it is not counted', async () => {
    const c = await newCampaign('Once a day');
    const ip = address();
    const first = await visit({ body: { attribution: { utmCampaign: c.id } }, sourceIp: ip });
    expect(first.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const cookie = first.cookies.find((x) => x.startsWith('torcedor_visited='))!;
    expect(cookie).toContain(`torcedor_visited=${today}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeLessThanOrEqual(86_400);
    for (let i = 0; i < 5; i++) {
      const again = await visit({ body: { attribution: { utmCampaign: c.id } }, sourceIp: ip, cookies: [`torcedor_visited=${today}`] });
      expect([again.status, again.cookies]).toEqual([200, []]);
    }
    // Yesterday's cookie is no reason not to count today.
    expect((await visit({ body: { attribution: { utmCampaign: c.id } }, sourceIp: ip, cookies: ['torcedor_visited=2020-01-01'] })).status).toBe(200);
    expect((await campaign(c.id)).campaign.stats.visits).toBe(2);
  });

  it("50 anonymous posts from one address move a campaign's visits by 10, not 50, and the address's day by at most 50", async () => {
    const c = await newCampaign('Beacon abuse');
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 50 }, () => visit({ body: { attribution: { utmCampaign: c.id } }, sourceIp: ip })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.body.code).toBe('RATE_LIMITED');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await campaign(c.id)).campaign.stats.visits).toBe(10);
    // Without a campaign the same address still has its day's budget (50 in all): 40 more are counted, then none.
    const plain = await Promise.all(Array.from({ length: 45 }, () => visit({ body: {}, sourceIp: ip })));
    expect(plain.filter((a) => a.status === 200)).toHaveLength(40);
    expect(plain.filter((a) => a.status === 429)).toHaveLength(5);
  });
});

/**
 * Tries an idempotent write again when it failed (a busy machine's DynamoDB Local can pass the kit's 1.2 s deadline), as
 * the bus tries a delivery again.
 */
const retrying = async <T>(fn: () => Promise<T>, tries = 5): Promise<T> => {
  for (let attempt = 1; attempt < tries; attempt++) {
    try {
      return await fn();
    } catch {
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
  return fn();
};

describe('at scale: sharded counters', () => {
  let stats: typeof import('../src/store/stats.ts');
  let leads: typeof import('../src/store/leads.ts');
  let signals: typeof import('../src/handlers/leads.ts');
  beforeAll(async () => {
    stats = await import('../src/store/stats.ts');
    leads = await import('../src/store/leads.ts');
    signals = await import('../src/handlers/leads.ts');
  });
  const today = () => new Date().toISOString().slice(0, 10);
  const todayOf = async () => (await stats.readDays(today())).find((d) => d.date === today()) ?? {};

  it('100 parallel writes of each kind: counters summed over their shards equal the writes, spread over the shards', async () => {
    const source = `shardtest${randomUUID().slice(0, 8)}`;
    const [dayBefore, totalsBefore] = await Promise.all([todayOf(), leads.readTotals()]);
    const ids = Array.from({ length: 100 }, () => randomUUID());
    // Sign-ups and posts are idempotent (a repeat changes nothing), so a write that timed out is simply tried again.
    await Promise.all(ids.map((id) => retrying(() => signals.leadRegistered({ ...registered(id), attribution: { utmSource: source } } as never))));
    await Promise.all(ids.map((id) => retrying(() => signals.activityRecorded(id, 'post', `p-${id}`, iso()))));

    const [dayAfter, totalsAfter, sources] = await Promise.all([todayOf(), leads.readTotals(), stats.readSources()]);
    const moved = (f: string) => Number(dayAfter[f] ?? 0) - Number(dayBefore[f] ?? 0);
    expect({ signups: moved('signups'), posts: moved('posts') }).toEqual({ signups: 100, posts: 100 });
    expect(totalsAfter.totalLeads - totalsBefore.totalLeads).toBe(100);
    expect(sources.find((x) => x.source === source)).toEqual({ source, leads: 100 });
    // Where they landed: the source's and today's counters on many shards (100 writers over 16 shards).
    const shardsOf = async (sk: string) => (await Promise.all(keys.statsShards.map(async (n) => {
      const out = await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: keys.statsPartition(n), SK: sk } }));
      return out.Item ? 1 : 0;
    }))).reduce((a: number, b) => a + b, 0);
    expect(await shardsOf(`SOURCE#${source}`)).toBeGreaterThanOrEqual(8);
    expect(await shardsOf(`DAY#${today()}`)).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it('100 visits, 25 at once, each counted on a shard at random, sum to 100 on the day', async () => {
    const before = Number((await todayOf()).visits ?? 0);
    for (let wave = 0; wave < 4; wave++) await Promise.all(Array.from({ length: 25 }, () => stats.recordVisit(iso(), null)));
    expect(Number((await todayOf()).visits ?? 0) - before).toBe(100);
  }, 60_000);
});

/** 2,000 leads (and the other tests' few), seeded once for the tests at scale below. */
type Row = Record<string, unknown>;
const scale = {
  seeded: [] as string[],
  converted: new Set<string>(),
  leads: undefined as unknown as typeof import('../src/store/leads.ts'),
  jobs: undefined as unknown as typeof import('@torcedor/service-kit/jobs'),
  rescoring: undefined as unknown as typeof import('../src/domain/rescoring.ts') & typeof import('../src/handlers/jobs.ts'),
  automations: undefined as unknown as typeof import('../src/store/automations.ts'),
  scoring: undefined as unknown as typeof import('../src/domain/scoring.ts'),
};
let seeding: Promise<void> | undefined;
/** Signed up over the last 60 days (so scores differ), one in ten contactable, one in fifty converted. */
async function seedOnce(): Promise<void> {
  scale.leads = await import('../src/store/leads.ts');
  scale.jobs = await import('@torcedor/service-kit/jobs');
  scale.rescoring = { ...(await import('../src/domain/rescoring.ts')), ...(await import('../src/handlers/jobs.ts')) };
  scale.automations = await import('../src/store/automations.ts');
  scale.scoring = await import('../src/domain/scoring.ts');
  const signals = await import('../src/handlers/leads.ts');
  scale.seeded.push(...Array.from({ length: 2000 }, () => randomUUID()));
  const rows = scale.seeded.map((id, i) => [id, i] as const);
  for (let c = 0; c < rows.length; c += 50) {
    await Promise.all(rows.slice(c, c + 50).map(async ([id, i]) => {
      await retrying(() => signals.leadRegistered({ ...registered(id), registeredAt: iso((i % 60) * DAY) } as never));
      if (i % 10 === 0) await retrying(() => signals.profileChanged(profile(id, 1, true) as never, iso()));
      if (i % 50 === 0) {
        scale.converted.add(id);
        await retrying(() => signals.entitlementChanged({ userId: id, version: 1, tier: 'premium', until: iso(-30 * DAY) }, iso()));
      }
    }));
  }
}
const seeded = () => (seeding ??= seedOnce());

/** Lead writes that succeeded, by lead id, while `count` runs; `crashAfter` makes lead writes past that many fail. */
const countingWrites = async <T>(count: (ctl: { crashAfter: number | null; settled: () => Promise<unknown>; writes: Map<string, number> }) => Promise<T>) => {
  const writes = new Map<string, number>();
  const pending: Promise<unknown>[] = [];
  const ctl = { crashAfter: null as number | null, settled: () => Promise.allSettled(pending), writes };
  const send = ddb.ddb.send.bind(ddb.ddb) as (c: unknown) => Promise<unknown>;
  const spy = vi.spyOn(ddb.ddb, 'send').mockImplementation(((command: unknown) => {
    const key = command instanceof UpdateCommand ? command.input.Key : undefined;
    if (key?.SK !== 'LEAD') return send(command);
    if (ctl.crashAfter !== null && ctl.crashAfter-- <= 0) return Promise.reject(new Error('the worker stopped mid-page'));
    const p = send(command).then((out) => {
      const id = String(key.PK).slice('LEAD#'.length);
      writes.set(id, (writes.get(id) ?? 0) + 1);
      return out;
    });
    pending.push(p.catch(() => undefined));
    return p;
  }) as never);
  try {
    return { result: await count(ctl), writes };
  } finally {
    spy.mockRestore();
  }
};
/** Starts a lead scoring run and its job as of `asOfDay`, as the automation does. */
const startRescore = async (asOfDay: string) => {
  const started = await scale.automations.startRun('lead_scoring_update', 'owner', owner.userId, new Date());
  if (!started.started) throw new Error('lead scoring is running');
  const job = await scale.jobs.startJob(scale.rescoring.RESCORE_JOB, { asOfDay, run: started.run, requestedBy: owner.userId });
  expect(job.params.run.id).toBe(started.run.id);
  return { run: started.run, job };
};
/** A clock for runJob that lets exactly one page start: before it, the deadline is ahead; after it, behind. */
const onePageClock = () => {
  let first = true;
  return () => (first ? ((first = false), 0) : Date.now());
};
const dayAfter = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/**
 * Every lead scored right as of `asOfDay`, each written at most once and marked by the job's run exactly when written,
 * every seeded lead but the converted (always 100) written; the run reports it.
 */
const expectScoredOnce = async (asOfDay: string, runId: string, writes: Map<string, number>, automationRunId: string) => {
  const all = await allLeads();
  for (const id of scale.seeded) expect(writes.get(id), id).toBe(scale.converted.has(id) ? undefined : 1);
  expect([...writes.values()].every((n) => n === 1)).toBe(true);
  for (const l of all) {
    const score = scale.scoring.scoreLead(l as never, asOfDay);
    expect([l.engagementScore, l.GSI2SK]).toEqual([score, scale.scoring.scoreSortKey(score, String(l.id))]);
    expect(l.scoredRun === runId).toBe(writes.has(String(l.id)));
  }
  const run = await scale.automations.readRun('lead_scoring_update', automationRunId);
  expect(run).toMatchObject({ outcome: 'succeeded', summary: `Rescored ${all.length} leads, ${writes.size} changed.` });
  expect(await scale.automations.readLease('lead_scoring_update')).toBeNull();
  return all.length;
};

describe('at scale: the lead index over 2,000 leads', () => {
  beforeAll(seeded, 300_000);
  const bySortKey = (a: Row, b: Row) => (String(b.GSI2SK) > String(a.GSI2SK) ? 1 : -1);

  it('the lead index is sharded by lead id, and topLeads over the shards equals the top K of all leads', async () => {
    const all = await allLeads();
    for (const l of all) expect([l.GSI1PK, l.GSI2PK]).toEqual([keys.leadsShardOf(String(l.id)), keys.leadsShardOf(String(l.id))]);
    const perShard = keys.leadShards.map((pk) => all.filter((l) => l.GSI1PK === pk).length);
    expect(Math.min(...perShard)).toBeGreaterThan(0);
    expect(Math.max(...perShard)).toBeLessThan(all.length / 4);
    const top = (rows: Row[], k: number) => rows.sort(bySortKey).slice(0, k).map((l) => l.id);
    expect((await scale.leads.topLeads(50)).map((l) => l.id)).toEqual(top([...all], 50));
    expect((await scale.leads.topLeads(5)).map((l) => l.id)).toEqual(top([...all], 5));
    expect((await scale.leads.topLeads(60, { contactable: true })).map((l) => l.id)).toEqual(top(all.filter((l) => l.contactable === true), 60));
    expect((await scale.leads.topLeads(60, { contactable: true, notConverted: true })).map((l) => l.id))
      .toEqual(top(all.filter((l) => l.contactable === true && l.converted === false), 60));
    const since = iso(7 * DAY);
    expect(await scale.leads.countLeadsSince(since)).toBe(all.filter((l) => String(l.createdAt) >= since).length);
  }, 60_000);

});

describe('at scale: lead scoring as a paged job over 2,000 leads', () => {
  beforeAll(seeded, 300_000);

  it('one page per invocation: repeated invocations finish with every lead scored exactly once, and the run reports it', async () => {
    // As of next month: every seeded lead's recency (so its score) changes.
    const asOfDay = dayAfter(30);
    const { run, job } = await startRescore(asOfDay);
    const { result: invocations, writes } = await countingWrites(async () => {
      let state = await scale.jobs.readJob(scale.rescoring.RESCORE_JOB);
      let n = 0;
      for (; state?.status === 'running' && n < 500; n++) {
        const before = state.pages;
        // An invocation that failed (a busy machine) is simply the next one's to redo: from the checkpoint.
        state = await retrying(() => scale.jobs.runJob(scale.rescoring.RESCORE_JOB, scale.rescoring.rescorePage, { deadline: 1, now: onePageClock() }));
        expect(state!.pages).toBe(before + 1);
        // Between invocations the run shows as running, its lease renewed by every page.
        if (state!.status === 'running') expect((await scale.automations.readLease('lead_scoring_update'))?.runId).toBe(run.id);
      }
      return n;
    });
    const total = await expectScoredOnce(asOfDay, job.runId, writes, run.id);
    const done = await scale.jobs.readJob(scale.rescoring.RESCORE_JOB);
    expect(done).toMatchObject({ status: 'done', pages: invocations, handled: total });
    // Every shard's leads in pages of at most 100: at least one page a shard.
    expect(invocations).toBeGreaterThanOrEqual(Math.max(keys.leadShards.length, Math.ceil(total / scale.rescoring.RESCORE_PAGE_SIZE)));
  }, 120_000);

  it('a run cut in the middle of a page resumes from its checkpoint and still scores every lead exactly once', async () => {
    // As of a day before every sign-up: full recency, so every lead scored as of next month changes again.
    const asOfDay = '2000-01-01';
    const { run, job } = await startRescore(asOfDay);
    const { writes } = await countingWrites(async (ctl) => {
      // One page at a time until the first shard is done: the next page is the second shard's first (a full one).
      let checkpoint = await scale.jobs.readJob(scale.rescoring.RESCORE_JOB);
      for (let i = 0; i < 10 && (checkpoint!.pages === 0 || decodeCursor(checkpoint!.cursor)?.key !== null); i++) {
        checkpoint = await retrying(() => scale.jobs.runJob(scale.rescoring.RESCORE_JOB, scale.rescoring.rescorePage, { deadline: 1, now: onePageClock() }));
      }
      expect(decodeCursor(checkpoint!.cursor)).toMatchObject({ shard: 1, key: null });
      const pages = checkpoint!.pages;
      const beforeCrash = ctl.writes.size;
      // The next page writes half its leads, then the worker stops (its other writes fail).
      ctl.crashAfter = scale.rescoring.RESCORE_PAGE_SIZE / 2;
      await expect(scale.jobs.runJob(scale.rescoring.RESCORE_JOB, scale.rescoring.rescorePage, { deadline: 1, now: onePageClock() })).rejects.toThrow('the worker stopped mid-page');
      await ctl.settled();
      ctl.crashAfter = null;
      expect(ctl.writes.size - beforeCrash).toBe(scale.rescoring.RESCORE_PAGE_SIZE / 2);
      expect(await scale.jobs.readJob(scale.rescoring.RESCORE_JOB)).toMatchObject({ status: 'running', pages, cursor: checkpoint!.cursor });
      // The next invocations go on from the checkpoint: the cut page again, then the rest.
      await retrying(() => scale.jobs.runJob(scale.rescoring.RESCORE_JOB, scale.rescoring.rescorePage, { deadline: Date.now() + 60_000 }));
    });
    await expectScoredOnce(asOfDay, job.runId, writes, run.id);
    expect(await scale.jobs.readJob(scale.rescoring.RESCORE_JOB)).toMatchObject({ status: 'done' });
  }, 120_000);

  it("the owner's run longer than its invocation hands itself on (AutomationRequested again), shows as running, and the next invocation finishes it", async () => {
    const name = 'lead_scoring_update';
    const r = await asOwner('POST', '/api/marketing/automation/run', { body: { name } });
    expect(r.status).toBe(202);
    const runId = r.body.id as string;
    const scoring = async () => (await asOwner('GET', '/api/marketing/automations')).body.items.find((a: { name: string }) => a.name === name);
    // The invocation's clock passes its budget as soon as it has read its first page of leads.
    const realNow = Date.now.bind(Date);
    let offset = 0;
    const send = ddb.ddb.send.bind(ddb.ddb) as (c: unknown) => Promise<unknown>;
    const sendSpy = vi.spyOn(ddb.ddb, 'send').mockImplementation(((c: unknown) => {
      if (c instanceof QueryCommand && c.input.IndexName === 'GSI1') offset = 3_600_000;
      return send(c);
    }) as never);
    const nowSpy = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    try {
      await worker(busEvent('AutomationRequested', { runId, name, requestedBy: owner.userId }, randomUUID(), 'torcedor.marketing'), {});
    } finally {
      sendSpy.mockRestore();
      nowSpy.mockRestore();
    }
    expect(await scale.jobs.readJob(scale.rescoring.RESCORE_JOB)).toMatchObject({ status: 'running', pages: 1 });
    expect(await scoring()).toMatchObject({ running: true, lastRun: { id: runId, outcome: 'running' } });
    const requested = (await publishedEvents(pool())).filter((e) => e.DetailType === 'AutomationRequested')
      .map((e) => JSON.parse(e.Detail!) as { runId: string }).filter((d) => d.runId === runId);
    // The owner's request, then the hand-over.
    expect(requested).toHaveLength(2);
    await worker(busEvent('AutomationRequested', requested[1], randomUUID(), 'torcedor.marketing'), {});
    const total = (await allLeads()).length;
    expect(await scoring()).toMatchObject({ running: false, lastRun: { id: runId, outcome: 'succeeded', summary: expect.stringMatching(new RegExp(`^Rescored ${total} leads, \\d+ changed\\.$`)) } });
    expect(await scale.jobs.readJob(scale.rescoring.RESCORE_JOB)).toMatchObject({ status: 'done', handled: total });
  }, 120_000);
});
