import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { startOpenAiFake } from '../../kit/test/openai-fake.ts';
import { emptyLead, type LeadState } from '../src/domain/lead-state.ts';
import { dayFlows, leadStatus, sourceOf, tallyOf } from '../src/domain/lead.ts';
import { scoreLead } from '../src/domain/scoring.ts';
import { campaignLink, newCampaignId, rankCampaigns, type StoredCampaign } from '../src/domain/campaigns.ts';
import { localWriter } from '../src/providers/local.ts';
import { createOpenAiWriter } from '../src/providers/openai.ts';
import type { ClubFacts } from '../src/domain/writer.ts';
import { keys, LEAD_INDEX_SHARDS, shardOf, STATS_SHARDS } from '../src/store/keys.ts';
import { mergeTop, sumBy, type ShardPage } from '../src/store/shards.ts';
import { decodeCursor, encodeCursor } from '../src/store/rescore-cursor.ts';
import { advanceSend, decodeSendCursor, encodeSendCursor } from '../src/store/send-cursor.ts';
import { renderEmail } from '@torcedor/service-kit/email';
import { CAMPAIGN_SEND_PAGE, DEFAULT_MAIL_SEND_PER_SECOND } from '@torcedor/shared/constants';
import { domainEvents } from '@torcedor/shared/events';
import { profile } from '../src/domain/signals.ts';
import { draftEmail, emailRefusal, mayReceive, sendPageSize, SendEnv, sendSlot, unsubscribes } from '../src/domain/campaign-email.ts';
import { CAMPAIGN_MAIL_ACTION, CAMPAIGN_MAIL_REASON, campaignMailContent } from '../src/domain/campaign-mail.ts';

const lead = (over: Partial<LeadState> = {}): LeadState => ({
  ...emptyLead('u1'), registered: true, kind: 'member', name: 'Ana Ruiz', email: 'ana@example.com', createdAt: '2026-11-01T10:00:00.000Z', ...over,
});

describe('engagement score (docs/marketing.md)', () => {
  it('adds the documented weights, caps each activity, and halves recency every 14 days', () => {
    // 20 member + 5 name + 5 email + 15 recency (signed up today).
    expect(scoreLead(lead(), '2026-11-01')).toBe(45);
    expect(scoreLead(lead({ kind: 'trial', name: null, email: null, trialed: true }), '2026-11-01')).toBe(10 + 5 + 15);
    // 14 days later the recency is half (7.5 → 38 after rounding the sum).
    expect(scoreLead(lead(), '2026-11-15')).toBe(38);
    // Posts 4 each up to 20, reviews 6 up to 24, humidor 2 up to 10, RSVPs 5 up to 15.
    const busy = lead({ posts: 100, reviews: 100, humidorAdds: 100, rsvps: 100, lastActiveAt: '2026-11-20T00:00:00.000Z' });
    expect(scoreLead(busy, '2026-11-20')).toBe(99);
    expect(scoreLead(lead({ posts: 2, reviews: 1, lastActiveAt: '2026-11-10T23:59:00.000Z' }), '2026-11-10')).toBe(30 + 8 + 6 + 15);
    expect(scoreLead(lead({ converted: true }), '2027-06-01')).toBe(100);
  });

  it('is the same all day long (whole UTC days), so two runs of one day agree', () => {
    const s = lead({ createdAt: '2026-10-01T23:59:59.000Z' });
    expect(scoreLead(s, '2026-11-01')).toBe(scoreLead({ ...s, createdAt: '2026-10-01T00:00:01.000Z' }, '2026-11-01'));
  });

  it('status: converted, else engaged with any activity, else new', () => {
    expect(leadStatus(lead())).toBe('new');
    expect(leadStatus(lead({ rsvps: 1 }))).toBe('engaged');
    expect(leadStatus(lead({ rsvps: 1, converted: true }))).toBe('converted');
  });
});

describe('lead tallies', () => {
  it('an unregistered lead counts for nothing; registering counts it once with what it already did', () => {
    const early = { ...emptyLead('u2'), converted: true, trialed: true, contactable: true };
    expect(tallyOf(early)).toMatchObject({ totalLeads: 0, convertedLeads: 0, source: null });
    const now = { ...early, registered: true, source: 'instagram', campaignId: 'c1' };
    expect(tallyOf(now)).toEqual({ totalLeads: 1, convertedLeads: 1, trialLeads: 1, contactableLeads: 1, contactableConvertedLeads: 1, source: 'instagram', campaignId: 'c1' });
    expect(dayFlows(early, now)).toEqual({ signups: 1, trials: 1, conversions: 1 });
    expect(dayFlows(now, null)).toEqual({ signups: 0, trials: 0, conversions: 0 });
  });

  it('source: utm_source, else the referring host without www., else direct', () => {
    expect(sourceOf({ utmSource: 'Instagram', referrer: 'https://google.com/' })).toBe('instagram');
    expect(sourceOf({ referrer: 'https://www.Reddit.com/r/cigars' })).toBe('reddit.com');
    expect(sourceOf({ utmMedium: 'email' })).toBe('direct');
    expect(sourceOf(undefined)).toBe('direct');
  });
});

const campaign = (id: string, over: Partial<StoredCampaign> = {}): StoredCampaign => ({
  id, name: id, description: '', objective: 'acquisition', type: 'social', status: 'active', generatedBy: 'owner', visits: 0, signups: 0, trials: 0,
  conversions: 0, ranking: null, email: null, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', ...over,
});

describe('campaigns', () => {
  it('ids are slugs with a random tail; links carry the UTM parameters', () => {
    const id = newCampaignId('Noche de Habanos: Año Nuevo!');
    expect(id).toMatch(/^noche-de-habanos-ano-nuevo-[0-9a-f]{6}$/);
    expect(newCampaignId('Noche de Habanos: Año Nuevo!')).not.toBe(id);
    const link = new URL(campaignLink({ id, type: 'email' }, 'https://torcedor.example'));
    expect(Object.fromEntries(link.searchParams)).toEqual({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: id });
  });

  it('ranks running campaigns by sign-ups + 3 × conversions and flags the last of two or more', () => {
    const ranked = rankCampaigns([
      campaign('a', { signups: 5, conversions: 0, visits: 40 }),
      campaign('b', { signups: 2, conversions: 2, visits: 10 }),
      campaign('c', { signups: 0, conversions: 0, visits: 30 }),
      campaign('d', { status: 'draft', signups: 50 }),
      campaign('e', { status: 'completed', signups: 0 }),
    ], '2026-11-24T00:00:00.000Z');
    expect(ranked.map((r) => [r.id, r.ranking.rank, r.ranking.weakest])).toEqual([['b', 1, false], ['a', 2, false], ['c', 3, true]]);
    expect(ranked[2]!.ranking.note).toBe('Rank 3 of 3: 0 sign-ups, 0 conversions from 30 visits. Visitors arrive but do not sign up: rework the message.');
    expect(rankCampaigns([campaign('solo')], 'x')[0]!.ranking.weakest).toBe(false);
  });
});

const facts: ClubFacts = {
  date: '2026-11-24', totalLeads: 40, weekSignups: 6, weekTrials: 2, weekConversions: 1, weekPosts: 12, weekReviews: 5, weekRsvps: 3,
  weekHumidorAdds: 9, conversionRate: 12.5, topSources: [{ source: 'instagram', leads: 20 }],
  topCigars: [{ brandName: 'Padrón', cigarName: 'Padrón 1964 Anniversary Exclusivo', reviews: 3, averageOverall: 93.3 }],
};

describe('writers', () => {
  it('the local writer drafts from the facts only, within the limits', async () => {
    const post = await localWriter.draftPost(facts);
    expect(post.title).toBe('This week in the club: the Padrón 1964 Anniversary Exclusivo');
    expect(post.body).toContain('3 reviews averaging 93.3/100');
    expect(post.body).toContain('12 posts, 9 cigars added to humidors, 3 RSVPs');
    expect(post.body.length).toBeLessThanOrEqual(2000);
    const c = await localWriter.draftCampaign('conversion', facts);
    expect(c.name.length).toBeLessThanOrEqual(80);
    expect(c.description.length).toBeLessThanOrEqual(500);
    expect(c.description).toContain('instagram');
    expect(['email']).toContain(c.type);
  });

  describe('OpenAI (the real client against a local fake)', () => {
    let fake: Awaited<ReturnType<typeof startOpenAiFake>>;
    beforeAll(async () => { fake = await startOpenAiFake(); });
    afterAll(async () => fake.close());
    const writer = () => createOpenAiWriter({ apiKey: 'sk-test-fake', model: 'gpt-4o-mini', baseURL: fake.url, timeoutMs: 2_000 }, OpenAI);

    it("sends the facts with the rules and keeps the model's JSON answer", async () => {
      fake.behave({ reply: () => JSON.stringify({ name: 'Trial to Premium', description: 'Remind trial members of what they logged.', type: 'email' }) });
      expect(await writer().draftCampaign('conversion', facts)).toEqual({ name: 'Trial to Premium', description: 'Remind trial members of what they logged.', type: 'email' });
      const sent = fake.requests.at(-1)!;
      expect(sent.messages[0]!.content).toContain('never invent numbers');
      expect(sent.messages[1]!.content).toContain('"weekSignups":6');
    });

    it('refuses an answer that does not fit (503), and an outage', async () => {
      fake.behave({ reply: () => JSON.stringify({ title: 'x'.repeat(500), body: 'ok' }) });
      await expect(writer().draftPost(facts)).rejects.toMatchObject({ name: 'ServiceUnavailable', message: 'OpenAI is unavailable' });
      fake.behave({ reply: () => 'not json' });
      await expect(writer().draftPost(facts)).rejects.toMatchObject({ name: 'ServiceUnavailable', message: 'OpenAI is unavailable' });
      fake.behave({ status: 500 });
      await expect(writer().draftPost(facts)).rejects.toMatchObject({ name: 'ServiceUnavailable', message: 'OpenAI is unavailable' });
    });
  });
});

describe('shards (store/keys.ts, store/shards.ts)', () => {
  /** A shard of sorted keys served `pageSize` at a time, counting its reads. */
  const shard = (sorted: string[], pageSize: number, reads: { n: number }): ShardPage<string> => {
    let at = 0;
    return async () => {
      reads.n += 1;
      const items = sorted.slice(at, at + pageSize);
      at += pageSize;
      return { items, done: at >= sorted.length };
    };
  };
  /** A deterministic spread of keys over shards, each shard sorted descending. */
  const spread = (n: number, shards: number) => {
    const all = Array.from({ length: n }, (_, i) => `${String((i * 37) % 100).padStart(3, '0')}#id${String(i).padStart(5, '0')}`);
    const byShard = Array.from({ length: shards }, (_, s) => all.filter((k) => shardOf(k, shards) === s).sort().reverse());
    return { all: [...all].sort().reverse(), byShard };
  };

  it('a lead id always lands on the same shard, and ids spread evenly over the 16', () => {
    expect(shardOf('lead-1', 16)).toBe(shardOf('lead-1', 16));
    const counts = new Array<number>(LEAD_INDEX_SHARDS).fill(0);
    for (let i = 0; i < 16_000; i++) counts[shardOf(crypto.randomUUID(), LEAD_INDEX_SHARDS)]! += 1;
    expect(Math.min(...counts)).toBeGreaterThan(800);
    expect(Math.max(...counts)).toBeLessThan(1200);
    // Shard 0 keeps the unsharded name (what was written before sharding is read as shard 0).
    expect(keys.leadShards).toHaveLength(LEAD_INDEX_SHARDS);
    expect(keys.leadShards[0]).toBe('LEADS');
    expect(keys.leadShards[5]).toBe('LEADS#5');
    expect(keys.totals(0)).toEqual({ PK: 'STATS', SK: 'LEADS' });
    expect(keys.day('2026-11-01', 3)).toEqual({ PK: 'STATS#3', SK: 'DAY#2026-11-01' });
    expect(keys.statsShards).toHaveLength(STATS_SHARDS);
  });

  it('the k-way merge gives the top K of all shards, reading one page of each for a small K', async () => {
    const { all, byShard } = spread(2000, 16);
    for (const k of [1, 5, 50, 137, 2000, 2500]) {
      const reads = { n: 0 };
      expect(await mergeTop(byShard.map((s) => shard(s, Math.max(k, 5), reads)), (x) => x, k)).toEqual(all.slice(0, k));
      if (k <= 50) expect(reads.n).toBe(16);
    }
    // Small pages (a filter that keeps few items per page), empty pages and empty shards.
    const reads = { n: 0 };
    const withEmpty = [...byShard.map((s) => shard(s, 3, reads)), shard([], 3, reads), async () => ({ items: [], done: true })];
    expect(await mergeTop(withEmpty, (x) => x, 100)).toEqual(all.slice(0, 100));
    expect(await mergeTop([], (x: string) => x, 5)).toEqual([]);
  });

  it("shards' counters sum by key, whatever fields each shard holds", () => {
    const sums = sumBy([
      { PK: 'STATS', SK: 'DAY#2026-11-01', date: '2026-11-01', visits: 2, posts: 1 },
      { PK: 'STATS#4', SK: 'DAY#2026-11-01', date: '2026-11-01', visits: 3 },
      { PK: 'STATS#9', SK: 'SOURCE#x', leads: -1 },
      { PK: 'STATS#2', SK: 'SOURCE#x', source: 'x', leads: 3 },
    ], 'SK', ['PK']);
    expect(sums.get('DAY#2026-11-01')).toEqual({ SK: 'DAY#2026-11-01', date: '2026-11-01', visits: 5, posts: 1 });
    expect(sums.get('SOURCE#x')).toEqual({ SK: 'SOURCE#x', source: 'x', leads: 2 });
  });

  it('a rescoring cursor reads back as written; anything else is not a cursor', () => {
    const c = { shard: 7, key: { PK: 'LEAD#a', SK: 'LEAD', GSI1PK: 'LEADS#7', GSI1SK: '2026-11-01T00:00:00.000Z#a' }, scanned: 700, changed: 12 };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor(null)).toEqual({ shard: 0, key: null, scanned: 0, changed: 0 });
    expect(decodeCursor('not a cursor')).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify({ ...c, shard: 16 })).toString('base64url'))).toBeNull();
  });
});

describe('campaign emails (docs/marketing.md, "Campaign emails")', () => {
  const links = { campaign: 'https://torcedor.example/?utm_campaign=c1', settings: 'https://torcedor.example/settings', unsubscribe: 'https://torcedor.example/unsubscribe?token=t' };

  it('the message: heading the subject, a paragraph per blank-line block, one button to the campaign, the footer with both links', () => {
    const content = campaignMailContent({ subject: 'Havana night', body: 'Join us <b>tonight</b>.\nLine two.\n\n  \n\nDoors at eight.\n' }, links);
    expect(content).toMatchObject({
      subject: 'Havana night', heading: 'Havana night', paragraphs: ['Join us <b>tonight</b>.\nLine two.', 'Doors at eight.'],
      action: { label: CAMPAIGN_MAIL_ACTION, url: links.campaign },
      footer: { reason: CAMPAIGN_MAIL_REASON, links: [{ label: 'Email settings', url: links.settings }, { label: 'Unsubscribe', url: links.unsubscribe }] },
    });
    const r = renderEmail(content);
    expect(r.html).toContain('Join us &lt;b&gt;tonight&lt;/b&gt;.');
    expect(r.text).toContain(`${CAMPAIGN_MAIL_ACTION}: ${links.campaign}`);
    expect(campaignMailContent({ subject: 's', body: 'x'.repeat(500) }, links).preheader).toHaveLength(120);
  });

  it("the button and the footer in the recipient's language, the owner's words as written", () => {
    const es = campaignMailContent({ subject: 'Noche en La Habana', body: 'Join us tonight.' }, links, 'es');
    expect(es).toMatchObject({
      language: 'es', subject: 'Noche en La Habana', heading: 'Noche en La Habana', paragraphs: ['Join us tonight.'],
      action: { label: 'Visitar Torcedor', url: links.campaign },
      footer: {
        reason: 'Recibes este correo porque activaste los correos promocionales en Torcedor.',
        links: [{ label: 'Ajustes de correo', url: links.settings }, { label: 'Darse de baja', url: links.unsubscribe }],
      },
    });
    const de = campaignMailContent({ subject: 's', body: 'b' }, links, 'de');
    expect([de.action?.label, de.footer.reason, de.footer.links?.map((l) => l.label)]).toEqual([
      'Torcedor besuchen', 'Sie erhalten diese E-Mail, weil Sie Marketing-E-Mails bei Torcedor aktiviert haben.', ['E-Mail-Einstellungen', 'Abbestellen'],
    ]);
    expect(campaignMailContent({ subject: 's', body: 'b' }, links, 'it').footer.links?.[1]?.label).toBe('Annulla l’iscrizione');
    expect(campaignMailContent({ subject: 's', body: 'b' }, links, 'fr').action?.label).toBe('Visiter Torcedor');
    expect(campaignMailContent({ subject: 's', body: 'b' }, links).language).toBe('en');
  });

  it('has its words in every language, with English\'s placeholders, none left in English', async () => {
    const { catalogProblems } = await import('@torcedor/service-kit/messages');
    const files = Object.fromEntries(await Promise.all(['en', 'es', 'fr', 'de', 'it'].map(async (l) =>
      [l, (await import(`../content/${l}/emails.json`, { with: { type: 'json' } })).default]))) as Parameters<typeof catalogProblems>[0];
    expect(catalogProblems(files)).toEqual([]);
    for (const l of ['es', 'fr', 'de', 'it'] as const) {
      for (const [key, text] of Object.entries(files[l])) expect(text, `${l} ${key}`).not.toBe(files.en[key]);
    }
  });

  it('the lead keeps the language of the newest profile event (English until one says)', () => {
    const profileEvent = domainEvents.UserProfileChanged.detail.parse({
      userId: 'u1', version: 1, displayName: 'Ana', location: null, profileImageUrl: null, bio: null, profileVisibility: 'public',
      allowFollowRequests: true, showLocationInProfile: true, followNotifications: true, reviewNotifications: true, eventNotifications: true,
      marketingEmails: true, contentFilter: 'standard',
    });
    expect(profileEvent.language).toBe('en');
    expect(emptyLead('u').language).toBe('en');
    const d = { ...profileEvent, version: 2, language: 'it' as const };
    const after = profile(d)(lead({ profileVersion: 1 }));
    expect(after).toMatchObject({ language: 'it', profileVersion: 2 });
    expect(profile({ ...d, version: 1, language: 'de' })(lead({ profileVersion: 1, language: 'it' }))).toBe('same');
  });

  it('a new email is a draft with nothing counted; only a draft can change or be sent', () => {
    const email = draftEmail({ subject: 's', body: 'b' });
    expect(email).toEqual({ subject: 's', body: 'b', status: 'draft', sendStartedAt: null, sentAt: null, recipients: 0, sent: 0, delivered: 0, bounced: 0, complained: 0, unsubscribed: 0 });
    expect(emailRefusal(null, 'writable')).toBe('not-found');
    expect(emailRefusal({ email: null }, 'writable')).toBeNull();
    expect(emailRefusal({ email: null }, 'sendable')).toBe('no-email');
    expect(emailRefusal({ email }, 'sendable')).toBeNull();
    expect(emailRefusal({ email: { ...email, status: 'sending' } }, 'writable')).toBe('not-draft');
    expect(emailRefusal({ email: { ...email, status: 'sent' } }, 'sendable')).toBe('not-draft');
  });

  it('the audience: registered, marketing emails on, a verified address SES has not suppressed', () => {
    const ok = lead({ contactable: true, emailVerified: true });
    expect(mayReceive(ok)).toBe(true);
    expect(mayReceive({ ...ok, registered: false })).toBe(false);
    expect(mayReceive({ ...ok, contactable: false })).toBe(false);
    expect(mayReceive({ ...ok, emailVerified: false })).toBe(false);
    expect(mayReceive({ ...ok, email: null })).toBe(false);
    expect(mayReceive({ ...ok, emailSuppressed: true })).toBe(false);
  });

  it('an unsubscribe is marketing emails going from on to off (not a deletion, not a repeat)', () => {
    const on = lead({ contactable: true });
    expect(unsubscribes(on, { ...on, contactable: false })).toBe(true);
    expect(unsubscribes(on, on)).toBe(false);
    expect(unsubscribes({ ...on, contactable: false }, { ...on, contactable: false })).toBe(false);
    expect(unsubscribes(on, null)).toBe(false);
    expect(unsubscribes(null, lead())).toBe(false);
  });

  it('paces the sends: at most the rate in any second, and pages short enough at a slow rate', () => {
    let next = 0;
    const at: number[] = [];
    for (let i = 0; i < 30; i++) {
      const s = sendSlot(next, 1_000, 14);
      at.push(s.at);
      next = s.nextAt;
    }
    for (const t of at) expect(at.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(14);
    expect(at[0]).toBe(1_000);
    // After an idle spell, the next send goes at once.
    expect(sendSlot(next, next + 5_000, 14).at).toBe(next + 5_000);
    expect(sendPageSize(14)).toBe(CAMPAIGN_SEND_PAGE);
    expect(sendPageSize(2)).toBe(20);
    expect(sendPageSize(0.01)).toBe(1);
    expect(SendEnv.parse({}).MAIL_SEND_PER_SECOND).toBe(DEFAULT_MAIL_SEND_PER_SECOND);
    expect(SendEnv.parse({ MAIL_SEND_PER_SECOND: '50' }).MAIL_SEND_PER_SECOND).toBe(50);
  });

  it("the send's cursor walks every shard once, carrying its counts, and reads back what it wrote", () => {
    let at = decodeSendCursor(null)!;
    expect(at).toEqual({ shard: 0, key: null, scanned: 0, sent: 0 });
    const step = advanceSend(at, { scanned: 100, sent: 3, next: { PK: 'a', SK: 'b' } });
    expect(step.next).toEqual({ shard: 0, key: { PK: 'a', SK: 'b' }, scanned: 100, sent: 3 });
    expect(decodeSendCursor(encodeSendCursor(step.next!))).toEqual(step.next);
    expect(decodeSendCursor('not a cursor')).toBeNull();
    at = step.next!;
    for (let shard = 0; shard < LEAD_INDEX_SHARDS; shard++) {
      const r = advanceSend(at, { scanned: 1, sent: 1, next: null });
      if (shard < LEAD_INDEX_SHARDS - 1) {
        expect(r.next).toMatchObject({ shard: shard + 1, key: null });
        at = r.next!;
      } else {
        expect(r.next).toBeNull();
        expect(r.totals).toEqual({ scanned: 100 + LEAD_INDEX_SHARDS, sent: 3 + LEAD_INDEX_SHARDS });
      }
    }
  });
});
