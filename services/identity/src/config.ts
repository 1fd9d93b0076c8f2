import { BaseEnv, loadConfig } from '@torcedor/service-kit/config';
import * as z from 'zod';
import { ABUSE_LIMITS } from '@torcedor/shared/constants';

/** Identity's configuration, validated at start-up. */
export const config = loadConfig(
  BaseEnv.extend({
    USER_POOL_ID: z.string().min(1),
    COGNITO_ENDPOINT: z.url().optional(),
    UPLOADS_BUCKET: z.string().min(3),
    S3_ENDPOINT: z.url().optional(),
    LOGIN_LIMIT_PER_ACCOUNT_ADDRESS: z.coerce.number().int().positive().default(ABUSE_LIMITS.loginPerAccountAndAddress),
    LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(ABUSE_LIMITS.loginPerAddress),
    SIGNUP_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(ABUSE_LIMITS.signupsPerAddress),
  }),
);
export const secureCookies = config.APP_ORIGIN.startsWith('https://');
