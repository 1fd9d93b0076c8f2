import type { Campaign } from '@torcedor/shared/schemas/marketing';
import type { CampaignDraft, ClubFacts, MarketingWriter, PostDraft } from '../domain/writer.ts';

/**
 * The local writer: drafts from the facts with the club's voice, no model needed (the product runs offline on
 * `npm start`). The day picks among openings, so consecutive days read differently; the same facts on the same day
 * give the same draft.
 */
const pick = <T>(options: readonly T[], seed: string): T => {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return options[h % options.length]!;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const cigarName = (c: { brandName: string; cigarName: string }) => (c.cigarName.startsWith(c.brandName) ? c.cigarName : `${c.brandName} ${c.cigarName}`);

function draftPost(f: ClubFacts): PostDraft {
  const opening = pick([
    'Another week in the lounge, and what a week it was.',
    'Pull up a chair: here is what the club smoked, rated and planned this week.',
    'The humidors are full and the reviews keep coming.',
  ], f.date);
  const lines: string[] = [opening];
  const [top, ...rest] = f.topCigars;
  if (top) {
    lines.push(`Most reviewed: the ${cigarName(top)}, ${plural(top.reviews, 'review')} averaging ${top.averageOverall}/100.`);
    if (rest.length) lines.push(`Also on the table: ${rest.slice(0, 2).map((c) => `${cigarName(c)} (${c.averageOverall}/100)`).join(' and ')}.`);
  } else {
    lines.push('Nobody has reviewed a cigar this week yet: smoke something good and be the first to rate its draw, burn and flavor.');
  }
  const activity = [
    f.weekPosts ? plural(f.weekPosts, 'post') : '',
    f.weekHumidorAdds ? `${plural(f.weekHumidorAdds, 'cigar')} added to humidors` : '',
    f.weekRsvps ? plural(f.weekRsvps, 'RSVP') : '',
  ].filter(Boolean);
  if (activity.length) lines.push(`Members shared ${activity.join(', ')}.`);
  if (f.weekSignups) lines.push(`Welcome to the ${plural(f.weekSignups, 'new member')} who joined us this week.`);
  lines.push(pick([
    "What's in your humidor tonight? Tell us in the comments.",
    'Which stick should the club review next? Reply below.',
    'See you at the next event: check the Events tab and RSVP.',
  ], `${f.date}#close`));
  const title = top ? `This week in the club: the ${cigarName(top)}` : `This week in the club, ${f.date}`;
  return { title: title.slice(0, 120), body: lines.join('\n\n') };
}

const CAMPAIGN_IDEAS: Record<Campaign['objective'], { type: Campaign['type']; name: string; pitch: string }[]> = {
  acquisition: [
    { type: 'social', name: 'Share Your Humidor', pitch: 'Members post a photo of their humidor with the club link; newcomers join to see the collections and rate their own.' },
    { type: 'referral', name: 'Bring a Friend to the Lounge', pitch: 'Each member invites a friend with their campaign link to the next club event and its RSVP page.' },
    { type: 'content', name: 'First Smoke Guide', pitch: 'A beginner-friendly guide to choosing a first premium cigar, ending with an invitation to try the 7-day trial.' },
  ],
  conversion: [
    { type: 'email', name: 'Unlimited Humidor Week', pitch: 'Free members near the 20-cigar limit hear what premium adds: an unlimited humidor, analytics and priority at events.' },
    { type: 'email', name: 'Trial to Premium', pitch: 'Trial members get a recap of what they logged and rated, with one step to keep it all on premium.' },
  ],
  engagement: [
    { type: 'content', name: 'Review of the Week', pitch: "Each week the club smokes and reviews the most-wished-for cigar together; members' reviews are featured." },
    { type: 'social', name: 'Aging Challenge', pitch: 'Members log a box date and share how the same cigar changes after six months of rest.' },
  ],
  retention: [
    { type: 'email', name: 'Your Humidor This Month', pitch: 'A monthly note of what is ready to smoke, what rested longest and which events are near.' },
    { type: 'content', name: 'Masterclass Evenings', pitch: 'A monthly masterclass on blends and pairings, with a members-only Q&A after it.' },
  ],
};

function draftCampaign(objective: Campaign['objective'], f: ClubFacts): CampaignDraft {
  const idea = pick(CAMPAIGN_IDEAS[objective], `${f.date}#${f.totalLeads}`);
  const month = new Date(`${f.date}T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const source = f.topSources[0];
  const grounding = [
    source ? `Most leads so far come from ${source.source} (${plural(source.leads, 'lead')}); start there.` : 'No lead source stands out yet; the link below will tell which channel works.',
    f.totalLeads ? `Today ${f.conversionRate}% of ${plural(f.totalLeads, 'lead')} have gone premium.` : '',
    f.topCigars[0] ? `Feature the ${cigarName(f.topCigars[0])}, the most reviewed cigar this week.` : '',
  ].filter(Boolean);
  return { name: `${idea.name} - ${month}`.slice(0, 80), description: [idea.pitch, ...grounding].join(' ').slice(0, 500), type: idea.type };
}

/** The local writer (no model, no network). */
export const localWriter: MarketingWriter = {
  kind: 'local',
  draftPost: async (facts) => draftPost(facts),
  draftCampaign: async (objective, facts) => draftCampaign(objective, facts),
};
