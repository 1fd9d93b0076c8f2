import { createHttpHandler } from '@torcedor/service-kit/http';
import { readFeed } from './data/feed.ts';

export const handler = createHttpHandler('social', {
  getFeed: async ({ session }) => readFeed(session.userId),
});
