import { markRevoked } from '@torcedor/service-kit/revocation';
import { createWorker } from '@torcedor/service-kit/worker';
import { CAMPAIGN_SEND_JOB } from './domain/campaign-email.ts';
import { RESCORE_JOB } from './domain/rescoring.ts';
import {
  automationRequested, collectionItemChanged, entitlementUpdated, eventNotice, memberEmailChanged, onSchedule, postPublished, reviewPublished,
  userDeleted, userProfileChanged, userRegistered,
} from './handlers/consumers.ts';
import { campaignSendPage } from './handlers/campaign-email.ts';
import { rescorePage } from './handlers/jobs.ts';
import { mailOutcome } from './handlers/mail-events.ts';

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
    MemberEmailChanged: memberEmailChanged,
    AutomationRequested: automationRequested,
    SessionRevoked: markRevoked,
    UserDeleted: userDeleted,
  },
  schedules: {
    lead_scoring_update: onSchedule('lead_scoring_update'),
    daily_content_generation: onSchedule('daily_content_generation'),
    campaign_optimization: onSchedule('campaign_optimization'),
  },
  // What SES reports of the campaign emails (shared/src/events.ts, mailSubscriptions).
  mail: mailOutcome,
  // Paged jobs (docs/architecture.md, "Jobs"): the minute schedule (outbox-relay-marketing) continues every unfinished
  // one. A rescoring run also hands itself on with a continuation event (handlers/jobs.ts); a campaign's send runs on
  // the minute schedule alone (handlers/campaign-email.ts).
  jobs: { [RESCORE_JOB]: rescorePage, [CAMPAIGN_SEND_JOB]: campaignSendPage },
});
