import { createHttpHandler } from '@torcedor/service-kit/http';
import { unauthorized } from '@torcedor/service-kit/errors';
import { openApiDocument } from '@torcedor/shared/openapi';
import { getUser } from './data/users.ts';
import { toApiUser } from './domain/user.ts';

const openApi = openApiDocument();

export const handler = createHttpHandler('identity', {
  getHealth: async () => ({ status: 'ok' as const }),
  getOpenApi: async () => openApi,
  getCurrentUser: async ({ session }) => {
    const user = await getUser(session.userId);
    if (!user) throw unauthorized();
    return toApiUser(user, session.isOwner);
  },
});
