import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { exportMember } from '../store/member.ts';

/** ai's part of the member's export: everything in their partition (usage, chats, the copies). */
export const exportAi: RouteHandler<Routes['exportAi']> = async ({ session }) => exportMember(session.userId);
