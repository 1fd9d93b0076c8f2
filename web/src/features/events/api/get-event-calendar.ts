import { fillPath } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { config } from '@/config';
import type { AppLanguage } from '@/lib/i18n';

/**
 * GET /api/events/{id}/ics: the event as an iCalendar file, its words in the page's language (`lang`: a plain link
 * sends the browser's Accept-Language, not the member's chosen language). The browser downloads it from a plain link
 * (the session cookie goes along), so this is its address rather than a fetcher.
 */
export const eventCalendarUrl = (id: string, lang: AppLanguage) =>
  `${config.VITE_API_ORIGIN}${fillPath(routes.getEventCalendar.path, { id })}?${new URLSearchParams({ lang })}`;
