import { createHttpHandler } from '@torcedor/service-kit/http';
import { listItems } from './data/items.ts';

export const handler = createHttpHandler('humidor', {
  getHumidor: async ({ session }) => listItems(session.userId),
});
