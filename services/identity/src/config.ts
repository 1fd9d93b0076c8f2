import { BaseEnv, loadConfig } from '@torcedor/service-kit/config';
import * as z from 'zod';

/** Identity's configuration, validated at start-up. */
export const config = loadConfig(
  BaseEnv.extend({
    USER_POOL_ID: z.string().min(1),
    COGNITO_ENDPOINT: z.url().optional(),
    UPLOADS_BUCKET: z.string().min(3),
    S3_ENDPOINT: z.url().optional(),
    /** Comma-separated emails that join the `owners` group at sign-up. */
    OWNER_EMAILS: z.string().default('').transform((s) => s.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
  }),
);
export const secureCookies = config.APP_ORIGIN.startsWith('https://');
