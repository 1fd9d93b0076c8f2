import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { oneOf } from '@/lib/search-params';

/** The marketing page's tabs (docs/product.md, "Screens"), in the order they show. */
export const MARKETING_TABS = ['campaigns', 'automation', 'leads', 'analytics'] as const;
export type MarketingTab = (typeof MARKETING_TABS)[number];
export const TAB_LABELS: Record<MarketingTab, MessageDescriptor> = {
  campaigns: msg({ message: 'Campaigns', context: 'marketing tab' }),
  automation: msg({ message: 'Automation', context: 'marketing tab' }),
  leads: msg({ message: 'Leads', context: 'marketing tab' }),
  analytics: msg({ message: 'Analytics', context: 'marketing tab' }),
};

/** The URL's defaults, left out of it: a plain /marketing is the Campaigns tab. */
export const MARKETING_SEARCH_DEFAULTS = { tab: 'campaigns' } as const;

/** `tab`: the open tab, so a reload or a shared link shows the same one; anything else reads as Campaigns. */
export const validateMarketingSearch = (s: { tab?: MarketingTab } & SearchSchemaInput): { tab: MarketingTab } => ({
  tab: oneOf(s.tab, MARKETING_TABS, MARKETING_SEARCH_DEFAULTS.tab),
});
