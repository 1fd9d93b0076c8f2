/** The auth dialog's tabs: in the landing page's URL (`?auth=`), so they are read before the dialog's code loads. */
export const AUTH_TABS = ['signup', 'login', 'trial'] as const;
export type AuthTab = (typeof AUTH_TABS)[number];
