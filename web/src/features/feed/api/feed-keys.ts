/** Query keys of the home feed: its pages, Discover Community, and each post's comments. */
export const feedKeys = {
  all: ['feed'] as const,
  home: ['feed', 'home'] as const,
  discover: ['feed', 'discover'] as const,
  comments: (postId: string) => ['feed', 'comments', postId] as const,
};
