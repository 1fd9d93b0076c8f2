import type { ClubEvent } from '@torcedor/shared/schemas/events';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge, Card, EmptyState, PageTitle } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { useEvents } from '@/lib/api/get-events';

const TYPES = [['tasting', 'Tasting', 'bg-info/20 text-info'], ['meetup', 'Meet-up', 'bg-success/20 text-success'], ['festival', 'Festival', 'bg-purple/20 text-purple'], ['masterclass', 'Masterclass', 'bg-primary/20 text-primary']] as const;
const typeOf = (t: ClubEvent['eventType']) => TYPES.find((x) => x[0] === t)!;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Upcoming events (docs/product.md, "Screens"). */
export function EventsPage() {
  const data = useEvents();
  const [q, setQ] = useState('');
  const [type, setType] = useState('all');
  const needle = q.trim().toLowerCase();
  const shown = data.upcoming.filter((e) => (type === 'all' || e.eventType === type)
    && (!needle || e.title.toLowerCase().includes(needle) || (e.description ?? '').toLowerCase().includes(needle)));
  const filtered = needle !== '' || type !== 'all';
  return (
    <>
      <PageTitle title="Cigar Events" subtitle="Tastings, masterclasses and meet-ups. All events are restricted to adults of legal smoking age." />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row">
        <Input aria-label="Search events" placeholder="Search events…" value={q} onChange={(e) => setQ(e.target.value)} />
        <Select aria-label="Event type" value={type} onChange={(e) => setType(e.target.value)} className="sm:w-48">
          <option value="all">All Types</option>
          {TYPES.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </Select>
      </div>
      {shown.length ? (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {shown.map((e) => (
            <li key={e.id}>
              <Card className="h-full">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-lg font-semibold">{e.title}</h2>
                  <Badge className={typeOf(e.eventType)[2]}>{typeOf(e.eventType)[1]}</Badge>
                </div>
                <p className="text-sm text-muted">Hosted by {e.hostName}{e.venueName ? ` · ${e.venueName}` : ''}</p>
                {e.description ? <p className="mt-2 text-sm">{e.description}</p> : null}
                <p className="mt-3 flex items-center gap-1 text-sm"><CalendarDays className="h-4 w-4" aria-hidden />{when(e.startAt)}</p>
                {e.endAt ? <p className="text-sm text-muted">Until {when(e.endAt)}</p> : null}
                {e.address ? <p className="flex items-center gap-1 text-sm text-muted"><MapPin className="h-4 w-4" aria-hidden />{e.address}</p> : null}
                <p className="mt-2 flex items-center gap-1 text-sm"><Users className="h-4 w-4" aria-hidden />{e.attendingCount} attending{e.capacity ? ` · capacity ${e.capacity}` : ''}</p>
              </Card>
            </li>
          ))}
        </ul>
      ) : filtered ? (
        <EmptyState title="No Events Found" text="Try adjusting your search or filters" />
      ) : (
        <EmptyState title="No Upcoming Events" text="Be the first to create an event for the community" />
      )}
      {data.pastCount > 0 ? (
        <section className="mt-10">
          <h2 className="text-xl font-semibold">Past Events</h2>
          <p className="text-muted">{data.pastCount} events have already taken place</p>
        </section>
      ) : null}
      <section className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Event types">
        <Card><h3 className="font-semibold">Tasting</h3><p className="text-sm text-muted">Guided tastings by region, brand or theme.</p></Card>
        <Card><h3 className="font-semibold">Meet-up</h3><p className="text-sm text-muted">Casual gatherings of members.</p></Card>
        <Card><h3 className="font-semibold">Festival</h3><p className="text-sm text-muted">Large events with vendors.</p></Card>
        <Card><h3 className="font-semibold">Masterclass</h3><p className="text-sm text-muted">Sessions led by experts.</p></Card>
      </section>
    </>
  );
}
