import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { startOpenAiFake } from '../../kit/test/openai-fake.ts';
import { dayFlows, emptyLead, leadStatus, sourceOf, tallyOf, type LeadState } from '../src/domain/lead.ts';
import { scoreLead } from '../src/domain/scoring.ts';
import { campaignLink, newCampaignId, rankCampaigns, type StoredCampaign } from '../src/domain/campaigns.ts';
import { localWriter } from '../src/providers/local.ts';
import { createOpenAiWriter } from '../src/providers/openai.ts';
import type { ClubFacts } from '../src/providers/provider.ts';

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
  conversions: 0, ranking: null, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', ...over,
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
