// The profile's tabs and whose profile a URL names: plain values the route file needs too, kept apart from the page
// component so the route (always in the first bundle) does not pull the page in with it.

export const PROFILE_TABS = ['posts', 'reviews', 'collection'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const DEFAULT_PROFILE_TAB: ProfileTab = 'posts';

/** Whether `id` names the signed-in member's own profile (no id does too). */
export const isOwnProfile = (id: string | undefined, myId: string) => !id || id === myId;
