import { createHttpHandler } from '@torcedor/service-kit/http';
import { readFeed } from './data/feed.ts';
import { exportMember } from './data/member.ts';

export const handler = createHttpHandler('social', {
  getFeed: async ({ session }) => readFeed(session.userId),
  exportSocial: async ({ session }) => exportMember(session.userId),
});
