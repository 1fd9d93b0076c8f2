import { createWorker } from '@torcedor/service-kit/worker';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { upsertAuthor } from './data/authors.ts';
import { deleteMember } from './data/member.ts';

export const handler = createWorker('social', {
  events: {
    UserProfileChanged: async (detail) => {
      await upsertAuthor(detail);
    },
    SessionRevoked: markRevoked,
    UserDeleted: async ({ userId }) => deleteMember(userId),
  },
  schedules: {},
});
