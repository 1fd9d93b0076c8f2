import { baseConfig } from '@torcedor/service-kit/config';
import { Reply, type RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { toIcs } from '../domain/ics.ts';
import { eventOr404 } from './views.ts';

/**
 * The event as an iCalendar file (RFC 5545), a download, its own words in the page's language (`lang`), else the one
 * the request asks in.
 */
export const getEventCalendar: RouteHandler<Routes['getEventCalendar']> = async ({ params, query, language }) => {
  const e = await eventOr404(params.id);
  return new Reply(200, toIcs(e, baseConfig().APP_ORIGIN, query.lang ?? language), {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': `attachment; filename="torcedor-event-${e.id}.ics"`,
  });
};
