import * as z from 'zod';

export const AiUsage = z.object({
  used: z.number().int(),
  /** null for members with unlimited answers (premium, trial). */
  limit: z.number().int().nullable(),
  resetsAt: z.string(),
});

export const LEARN_CATEGORIES = ['Manufacturing', 'Geography', 'Technique', 'Storage', 'Tasting', 'Pairing', 'Education', 'Etiquette', 'Vintage'] as const;
export const LEARN_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;

/** One item of the Learn library: a video card, or a premium-only masterclass. */
export const LearnItem = z.object({
  id: z.string(),
  title: z.string(),
  channel: z.string(),
  description: z.string(),
  category: z.enum(LEARN_CATEGORIES),
  duration: z.string(),
  level: z.enum(LEARN_LEVELS),
  views: z.number().int().nonnegative(),
  /** Exclusive to premium (and trial) members. */
  premium: z.boolean(),
  /** Where the item opens; null when it is premium-only and the caller is on the free plan. */
  url: z.string().nullable(),
  /** The written lesson of a premium masterclass (null when locked or when the item is a video). */
  body: z.string().nullable(),
});
export const LearnLibrary = z.object({ items: z.array(LearnItem) });
