import { createHttpHandler } from '@torcedor/service-kit/http';
import { listItems } from './data/items.ts';
import { exportMember } from './data/member.ts';

export const handler = createHttpHandler('humidor', {
  getHumidor: async ({ session }) => listItems(session.userId),
  exportHumidor: async ({ session }) => exportMember(session.userId),
});
