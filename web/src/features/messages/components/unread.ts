import { plural } from '@lingui/core/macro';

/** How an unread count is read out (in the active language, when called). */
export const unreadLabel = (n: number) => plural(n, { one: '# unread message', other: '# unread messages' });
