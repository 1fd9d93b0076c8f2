/** How an unread count is read out. */
export const unreadLabel = (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`);
