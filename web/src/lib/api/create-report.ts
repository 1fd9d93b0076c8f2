import { useMutation } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const createReport = (body: RouteBodyInput<typeof routes.createReport>) => apiCall(routes.createReport, { body });

/** Report a post, comment, review or member to the moderators (shared: any feature's content can be reported). */
export const useCreateReport = () => useMutation({ mutationFn: createReport });
