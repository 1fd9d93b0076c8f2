import { useMutation } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

/**
 * POST /api/billing/local/confirm: the local payment provider's test-mode card form. 'requires_action' asks for the
 * confirmation step (send again with `authentication`); a refused card is a 402 PAYMENT_FAILED with the provider's message.
 */
export const confirmLocalPayment = (body: RouteBodyInput<typeof routes.confirmLocalPayment>) => apiCall(routes.confirmLocalPayment, { body });

/**
 * The plan is read again by the page once paid (not here: the read would show the member as premium, which takes the
 * form, and with it this mutation's own callbacks, off the page before they run).
 */
export const useConfirmLocalPayment = () => useMutation({ mutationFn: confirmLocalPayment });
