import { createHttpHandler } from '@torcedor/service-kit/http';
import { exportPart } from '@torcedor/service-kit/items';
import * as handlers from './handlers.ts';
import { leadPartitionItems } from './data/leads.ts';

/** The owner's marketing area and the landing page's visit beacon (docs/marketing.md). */
export const handler = createHttpHandler('marketing', {
  ...handlers,
  exportMarketing: async ({ session }) => exportPart('marketing', await leadPartitionItems(session.userId)),
});
