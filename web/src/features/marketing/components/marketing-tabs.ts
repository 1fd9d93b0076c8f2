import type { SearchSchemaInput } from '@tanstack/react-router';
import { oneOf } from '@/lib/search-params';

/** The marketing page's tabs (docs/product.md, "Screens"), in the order they show. */
export const MARKETING_TABS = ['campaigns', 'automation', 'leads', 'analytics'] as const;
export type MarketingTab = (typeof MARKETING_TABS)[number];
export const TAB_LABELS: Record<MarketingTab, string> = { campaigns: 'Campaigns', automation: 'Automation', leads: 'Leads', analytics: 'Analytics' };

/** The URL's defaults, left out of it: a plain /marketing is the Campaigns tab. */
export const MARKETING_SEARCH_DEFAULTS = { tab: 'campaigns' } as const;

/** `tab`: the open tab, so a reload or a shared link shows the same one; anything else reads as Campaigns. */
export const validateMarketingSearch = (s: { tab?: MarketingTab } & SearchSchemaInput): { tab: MarketingTab } => ({
  tab: oneOf(s.tab, MARKETING_TABS, MARKETING_SEARCH_DEFAULTS.tab),
});
