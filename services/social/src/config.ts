import { BaseEnv, loadConfig } from '@torcedor/service-kit/config';
import { FANOUT_FOLLOWER_THRESHOLD } from '@torcedor/shared/constants';
import { FUNCTION_TIMEOUT_SECONDS } from '@torcedor/shared/runtime';
import * as z from 'zod';

/** Social's configuration, validated at start-up. */
export const config = loadConfig(
  BaseEnv.extend({
    UPLOADS_BUCKET: z.string().min(3),
    /** Followers above which an author's posts are merged in at read time instead of fanned out. */
    SOCIAL_FANOUT_THRESHOLD: z.coerce.number().int().positive().default(FANOUT_FOLLOWER_THRESHOLD),
    /**
     * How long an event that starts a paged job (UserDeleted, PostDeleted) runs its pages before leaving the rest to
     * the minute schedule (handlers/jobs.ts): half the worker's timeout, the other half is the last page's and the margin's.
     */
    SOCIAL_JOB_BUDGET_MS: z.coerce.number().int().min(0).default(FUNCTION_TIMEOUT_SECONDS.worker * 500),
    /** At most this many pages per such event (unset: as many as the time allows; 0: all left to the schedule). */
    SOCIAL_JOB_PAGES_PER_EVENT: z.coerce.number().int().min(0).optional(),
    /**
     * The WebSocket API's management endpoint (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`, locally the
     * gateway's stand-in) the push worker and the socket's pong post to; unset, pushes are skipped (docs/architecture.md,
     * "Live delivery").
     */
    LIVE_ENDPOINT: z.url().optional(),
  }),
);
