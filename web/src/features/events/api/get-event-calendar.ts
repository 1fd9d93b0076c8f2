import { fillPath } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { config } from '@/config';

/**
 * GET /api/events/{id}/ics: the event as an iCalendar file. The browser downloads it from a plain link (the
 * session cookie goes along), so this is its address rather than a fetcher.
 */
export const eventCalendarUrl = (id: string) => `${config.VITE_API_ORIGIN}${fillPath(routes.getEventCalendar.path, { id })}`;
