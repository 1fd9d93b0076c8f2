import { BaseEnv, loadConfig } from '@torcedor/service-kit/config';
import { FANOUT_FOLLOWER_THRESHOLD } from '@torcedor/shared/constants';
import * as z from 'zod';

/** Social's configuration, validated at start-up. */
export const config = loadConfig(
  BaseEnv.extend({
    UPLOADS_BUCKET: z.string().min(3),
    /** Followers above which an author's posts are merged in at read time instead of fanned out. */
    SOCIAL_FANOUT_THRESHOLD: z.coerce.number().int().positive().default(FANOUT_FOLLOWER_THRESHOLD),
  }),
);
