import * as z from 'zod';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '../constants.ts';
import { plainText } from './text.ts';

export const SUPPORT_CATEGORIES = ['account', 'billing', 'humidor', 'events', 'community', 'other'] as const;

/** A member's support request (the form on /support). */
export const SupportRequestBody = z.strictObject({
  category: z.enum(SUPPORT_CATEGORIES, { message: 'Choose a topic' }),
  subject: plainText().trim().min(1, 'Subject is required').max(SUPPORT_SUBJECT_MAX_LENGTH, `Subject must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`),
  message: plainText('multiline').trim().min(1, 'Message is required').max(SUPPORT_MESSAGE_MAX_LENGTH, `Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`),
});

export const SupportRequest = z.object({
  id: z.string(),
  userId: z.string(),
  displayName: z.string(),
  /** Where the answer goes; null for a trial member, who has no email on file. */
  email: z.string().nullable(),
  category: z.enum(SUPPORT_CATEGORIES),
  subject: z.string(),
  message: z.string(),
  /** Sent by a premium (or trial) member: answered first. */
  priority: z.boolean(),
  status: z.enum(['open', 'resolved']),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});

export const SupportRequestList = z.object({ items: z.array(SupportRequest) });
