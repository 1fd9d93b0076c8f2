/** The chat widget's code, fetched on first use (a chunk of its own: the feed's first load does not carry it). */
export const loadChatWidget = () => import('./chat-widget');
