import * as z from 'zod';

export const Campaign = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(['active', 'paused', 'completed', 'draft']),
  type: z.string(),
  createdAt: z.string(),
});
export const Lead = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  source: z.string(),
  engagementScore: z.number().int(),
  status: z.enum(['new', 'engaged', 'converted']),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof Lead>;
export const MarketingDashboard = z.object({
  totalCampaigns: z.number().int(),
  activeCampaigns: z.number().int(),
  totalLeads: z.number().int(),
  recentLeads: z.number().int(),
  conversionRate: z.number(),
  campaigns: z.array(Campaign),
  topLeads: z.array(Lead),
});
