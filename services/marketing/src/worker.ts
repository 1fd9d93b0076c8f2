import { createWorker } from '@torcedor/service-kit/worker';
import { isDeleted, markRevoked } from '@torcedor/service-kit/revocation';
import { runRequested, runScheduled } from './domain/automations.ts';
import { activityRecorded, entitlementChanged, leadRegistered, profileChanged, reviewRecorded } from './domain/signals.ts';
import { deleteLead } from './data/leads.ts';
import { RESCORE_JOB, rescorePage } from './domain/rescoring.ts';

/** Leads from member signals, the owner's automations and their schedules (docs/marketing.md). */
export const handler = createWorker('marketing', {
  events: {
    UserRegistered: async (d) => { await leadRegistered(d); },
    PostPublished: async (d) => { await activityRecorded(d.userId, 'post', d.postId, d.createdAt); },
    ReviewPublished: async (d) => { await reviewRecorded(d); },
    // A cigar into the humidor counts once per item, whatever later changes it; wishlist entries and removals do not.
    CollectionItemChanged: async (d) => {
      if (d.list === 'humidor' && !d.removed) await activityRecorded(d.userId, 'humidor', d.itemId, d.createdAt);
    },
    // Going to an event, counted once per event: the host hears of each RSVP 'going' (its actor is the member), and
    // a waitlisted member hears of their promotion (they are its recipient).
    EventNotice: async (d) => {
      const going = d.kind === 'rsvp' ? [d.actorId] : d.kind === 'promoted' ? d.recipientIds : [];
      for (const userId of going) {
        if (!(await isDeleted(userId))) await activityRecorded(userId, 'rsvp', d.eventId, d.createdAt);
      }
    },
    EntitlementChanged: async (d, meta) => { await entitlementChanged(d, meta.time); },
    UserProfileChanged: async (d, meta) => { await profileChanged(d, meta.time); },
    AutomationRequested: async (d) => runRequested(d.name, d.runId, d.requestedBy),
    SessionRevoked: markRevoked,
    UserDeleted: async ({ userId, deletedAt }) => deleteLead(userId, deletedAt),
  },
  schedules: {
    lead_scoring_update: async () => { await runScheduled('lead_scoring_update'); },
    daily_content_generation: async () => { await runScheduled('daily_content_generation'); },
    campaign_optimization: async () => { await runScheduled('campaign_optimization'); },
  },
  // Paged jobs (docs/architecture.md, "Jobs"): a service's minute schedule continues every unfinished one. Each run
  // also hands itself on with a continuation event (domain/rescoring.ts), so it finishes with or without that schedule.
  jobs: { [RESCORE_JOB]: rescorePage },
});
