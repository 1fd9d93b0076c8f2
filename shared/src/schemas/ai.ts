import * as z from 'zod';

export const AiUsage = z.object({
  used: z.number().int(),
  /** null for members with unlimited answers (premium, trial). */
  limit: z.number().int().nullable(),
  resetsAt: z.string(),
});
