import { createWorker } from '@torcedor/service-kit/events';
import { upsertAuthor } from './data/authors.ts';

export const handler = createWorker('social', {
  events: {
    UserProfileChanged: async (detail) => {
      await upsertAuthor(detail);
    },
  },
  schedules: {},
});
