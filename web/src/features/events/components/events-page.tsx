import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { EventType } from '@torcedor/shared/schemas/events';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, PageTitle } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { upcomingOf, useEvents } from '@/lib/api/get-events';
import { EventCard } from './event-card';
import { EventFormDialog } from './event-form-dialog';
import { AGE_NOTE, EVENT_TYPES } from './event-format';

/** The page's filters as they stand in the URL (`?q=&type=`; absent means none). */
export interface EventsSearch {
  q?: string;
  type?: EventType;
}

const EVENT_TYPE_INFO = [
  ['tasting', msg`Tasting`, msg`Guided tastings by region, brand or theme.`],
  ['meetup', msg`Meet-up`, msg`Casual gatherings of members.`],
  ['festival', msg`Festival`, msg`Large events with vendors.`],
  ['masterclass', msg`Masterclass`, msg`Sessions led by experts.`],
] as const;

/**
 * Upcoming events (docs/product.md, "Screens"), a page at a time ('Load more'). The search (title or description,
 * case-insensitive) and the type filter apply on the client to the pages loaded so far.
 */
export function EventsPage({ search, onSearchChange }: { search: EventsSearch; onSearchChange: (next: EventsSearch) => void }) {
  const { t, i18n } = useLingui();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useEvents();
  const [creating, setCreating] = useState(false);
  const q = search.q ?? '';
  const type = search.type;
  const needle = q.trim().toLowerCase();
  const shown = upcomingOf(data).filter((e) => (!type || e.eventType === type)
    && (!needle || e.title.toLowerCase().includes(needle) || (e.description ?? '').toLowerCase().includes(needle)));
  const filtered = needle !== '' || type !== undefined;
  const pastCount = data.pages[0]?.pastCount ?? 0;

  return (
    <>
      <PageTitle title={t`Cigar Events`} subtitle={t`Tastings, masterclasses and meet-ups with fellow aficionados.`}>
        <Button onClick={() => setCreating(true)}><Plus className="h-4 w-4" aria-hidden /><Trans>Create Event</Trans></Button>
      </PageTitle>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row" role="search">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input
            type="search"
            aria-label={t`Search events`}
            placeholder={t`Search events…`}
            className="pl-9"
            maxLength={100}
            value={q}
            onChange={(e) => onSearchChange({ q: e.target.value || undefined, type })}
          />
        </div>
        <Select
          aria-label={t`Event type`}
          value={type ?? 'all'}
          onChange={(e) => onSearchChange({ q: q || undefined, type: e.target.value === 'all' ? undefined : (e.target.value as EventType) })}
          className="sm:w-48"
        >
          <option value="all">{t`All Types`}</option>
          {EVENT_TYPES.map((type) => <option key={type.value} value={type.value}>{i18n._(type.label)}</option>)}
        </Select>
      </div>

      {shown.length ? (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label={t`Upcoming events`}>
          {shown.map((e) => <li key={e.id}><EventCard event={e} /></li>)}
        </ul>
      ) : filtered ? (
        <EmptyState title={t`No Events Found`} text={t`Try adjusting your search or filters`} />
      ) : (
        <EmptyState title={t`No Upcoming Events`} text={t`Be the first to create an event for the community`}>
          <Button onClick={() => setCreating(true)}><Trans>Create First Event</Trans></Button>
        </EmptyState>
      )}
      {hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t`Loading...` : t`Load more`}
          </Button>
        </div>
      ) : null}

      {pastCount > 0 ? (
        <section className="mt-10" aria-labelledby="past-events">
          <h2 id="past-events" className="text-xl font-semibold"><Trans>Past Events</Trans></h2>
          <p className="text-muted">
            <Plural value={pastCount} one="# event has already taken place" other="# events have already taken place" />
          </p>
        </section>
      ) : null}

      <section className="mt-10" aria-labelledby="event-types">
        <h2 id="event-types" className="mb-4 text-xl font-semibold"><Trans>Event Types</Trans></h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {EVENT_TYPE_INFO.map(([key, title, text]) => (
            <Card key={key}><h3 className="font-semibold">{i18n._(title)}</h3><p className="text-sm text-muted">{i18n._(text)}</p></Card>
          ))}
        </div>
      </section>
      <p className="mt-8 text-center text-sm text-muted">{i18n._(AGE_NOTE)}</p>

      <EventFormDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
