import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { exportMember } from '../store/member.ts';

/** The member's part of the account export: their answers and the events they host. */
export const exportEvents: RouteHandler<Routes['exportEvents']> = async ({ session }) => exportMember(session.userId);
