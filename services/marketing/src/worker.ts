import { markRevoked } from '@torcedor/service-kit/revocation';
import { createWorker } from '@torcedor/service-kit/worker';
import { RESCORE_JOB } from './domain/rescoring.ts';
import {
  automationRequested, collectionItemChanged, entitlementUpdated, eventNotice, onSchedule, postPublished, reviewPublished, userDeleted,
  userProfileChanged, userRegistered,
} from './handlers/consumers.ts';
import { rescorePage } from './handlers/jobs.ts';

/** Leads from member signals, the owner's automations and their schedules (docs/marketing.md). */
export const handler = createWorker('marketing', {
  events: {
    UserRegistered: userRegistered,
    PostPublished: postPublished,
    ReviewPublished: reviewPublished,
    CollectionItemChanged: collectionItemChanged,
    EventNotice: eventNotice,
    EntitlementChanged: entitlementUpdated,
    UserProfileChanged: userProfileChanged,
    AutomationRequested: automationRequested,
    SessionRevoked: markRevoked,
    UserDeleted: userDeleted,
  },
  schedules: {
    lead_scoring_update: onSchedule('lead_scoring_update'),
    daily_content_generation: onSchedule('daily_content_generation'),
    campaign_optimization: onSchedule('campaign_optimization'),
  },
  // Paged jobs (docs/architecture.md, "Jobs"): a service's minute schedule continues every unfinished one. Each run
  // also hands itself on with a continuation event (handlers/jobs.ts), so it finishes with or without that schedule.
  jobs: { [RESCORE_JOB]: rescorePage },
});
