import * as z from 'zod';

export const SubscriptionStatus = z.object({
  isPremium: z.boolean(),
  plan: z.enum(['free', 'trial', 'premium']),
  renewalDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  features: z.object({
    unlimitedHumidor: z.boolean(),
    unlimitedRecommendations: z.boolean(),
    prioritySupport: z.boolean(),
    advancedAnalytics: z.boolean(),
  }),
});
