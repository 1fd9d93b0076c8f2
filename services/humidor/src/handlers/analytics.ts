import { readEntitlement } from '@torcedor/service-kit/entitlement';
import { forbidden } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import type { Routes } from '@torcedor/shared/routes';
import { ANALYTICS_PREMIUM_MESSAGE, humidorAnalytics } from '../domain/analytics.ts';
import { listItems } from '../store/items.ts';

/** Advanced analytics of the member's humidor: premium and trial members only (403 PREMIUM_REQUIRED). */
export const getHumidorAnalytics: RouteHandler<Routes['getHumidorAnalytics']> = async ({ session }) => {
  const [items, entitlement] = await Promise.all([listItems(session.userId), readEntitlement(session.userId)]);
  const now = new Date();
  if (!hasPremiumBenefits(entitlement, now)) throw forbidden(ANALYTICS_PREMIUM_MESSAGE, 'PREMIUM_REQUIRED');
  return humidorAnalytics(items, now);
};
