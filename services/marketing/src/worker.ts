import { createWorker } from '@torcedor/service-kit/worker';
import { logger } from '@torcedor/service-kit/logger';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { createLead, deleteLead, rescoreAll } from './data/leads.ts';

export const handler = createWorker('marketing', {
  events: {
    UserRegistered: async (d) => {
      const name = [d.firstName, d.lastName].filter(Boolean).join(' ') || null;
      await createLead({ userId: d.userId, name, email: d.email, kind: d.kind, registeredAt: d.registeredAt }, new Date());
    },
    SessionRevoked: markRevoked,
    UserDeleted: async ({ userId }) => deleteLead(userId),
  },
  schedules: {
    'lead-scoring': async () => {
      const result = await rescoreAll(new Date());
      logger.info('lead scoring done', result);
    },
  },
});
