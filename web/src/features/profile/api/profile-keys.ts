/**
 * Query keys of members' profiles: a member's public profile, their posts and their reviews. Everything under
 * `all` is invalidated when the signed-in member's picture changes (their posts carry it too).
 */
export const profileKeys = {
  all: ['profile'] as const,
  member: (id: string) => ['profile', id] as const,
  user: (id: string) => ['profile', id, 'user'] as const,
  posts: (id: string) => ['profile', id, 'posts'] as const,
  reviews: (id: string) => ['profile', id, 'reviews'] as const,
};
