// The moderation queue's status filter (kept in the URL by the route), apart from the page component so the route
// (always in the first bundle) does not pull the page in with it.

export const STATUS_FILTERS = ['open', 'hidden', 'dismissed', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
