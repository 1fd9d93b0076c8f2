import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FEED_UPCOMING_EVENTS } from '@torcedor/shared/constants';
import { displayName } from '@torcedor/shared/formatters';
import type { User } from '@torcedor/shared/schemas/identity';
import { CalendarDays, MapPin } from 'lucide-react';
import { Suspense } from 'react';
import { RsvpButtons } from '@/components/rsvp-buttons';
import { buttonClass } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { upcomingOf, useEvents } from '@/lib/api/get-events';
import { formatDate, formatDateTime } from '@/lib/date-time';
import { formatNumber } from '@/lib/numbers';
import { Avatar } from './avatar';
import { FeedList, FeedSkeleton } from './feed-list';
import { PostComposer } from './post-composer';
import { ProfilePanel } from './profile-panel';

function ProfileSummary({ user }: { user: User }) {
  const { t } = useLingui();
  const counts = [
    { label: t`Following`, value: user.followingCount },
    { label: t`Followers`, value: user.followersCount },
    { label: t`Reviews`, value: user.reviewsCount },
  ];
  const trialEnd = user.trialEndsAt ? formatDate(user.trialEndsAt) : '';
  return (
    <Card>
      <div className="flex items-center gap-3">
        <Avatar name={displayName(user)} imageUrl={user.profileImageUrl} className="h-12 w-12 text-xl" />
        <div>
          <p className="font-semibold">{displayName(user)}</p>
          <p className="flex items-center gap-1 text-sm text-muted"><MapPin className="h-3.5 w-3.5" aria-hidden />{user.location || t`Location not set`}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-3 text-center">
        {counts.map((c) => (
          <div key={c.label} className="flex flex-col-reverse"><dt className="text-xs text-muted">{c.label}</dt><dd className="text-lg font-bold">{formatNumber(c.value)}</dd></div>
        ))}
      </dl>
      {user.isTrial && user.trialEndsAt ? (
        <p className="mt-4 rounded-md bg-primary/10 p-2 text-sm">
          <Trans>Trial ends {trialEnd}. Sign up from the landing page after it ends to keep going.</Trans>
        </p>
      ) : null}
    </Card>
  );
}

function MyCollection({ user }: { user: User }) {
  const { t } = useLingui();
  return (
    <Card>
      <h2 className="text-lg font-semibold"><Trans>My Collection</Trans></h2>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
        <div className="flex flex-col-reverse rounded-md bg-surface-2 p-3"><dt className="text-xs text-muted">{t`In humidor`}</dt><dd className="text-2xl font-bold">{formatNumber(user.humidorCount)}</dd></div>
        <div className="flex flex-col-reverse rounded-md bg-surface-2 p-3"><dt className="text-xs text-muted">{t`On wishlist`}</dt><dd className="text-2xl font-bold">{formatNumber(user.wishlistCount)}</dd></div>
      </dl>
      <Link to="/humidor" className={buttonClass('primary', 'sm', 'mt-4 w-full no-underline')}><Trans>View Humidor</Trans></Link>
      <Link to="/events" className={buttonClass('outline', 'sm', 'mt-2 w-full no-underline')}><Trans>Browse Events</Trans></Link>
      <Link to="/search" search={{}} className={buttonClass('outline', 'sm', 'mt-2 w-full no-underline')}><Trans>Discover Cigars</Trans></Link>
    </Card>
  );
}

function UpcomingEvents() {
  const { t } = useLingui();
  const { data } = useEvents();
  const first = upcomingOf(data).slice(0, FEED_UPCOMING_EVENTS);
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t`Upcoming Events`}</h2>
      {first.length ? (
        <ul className="mt-3 space-y-3">
          {first.map((e) => (
            <li key={e.id} className="rounded-md bg-surface-2 p-3">
              <Link to="/events/$id" params={{ id: e.id }} className="font-medium text-fg no-underline hover:text-primary">{e.title}</Link>
              <p className="flex items-center gap-1 text-xs text-muted"><CalendarDays className="h-3.5 w-3.5" aria-hidden /><time dateTime={e.startAt}>{formatDateTime(e.startAt)}</time></p>
              <RsvpButtons event={e} className="mt-2" />
            </li>
          ))}
        </ul>
      ) : <p className="mt-3 text-sm text-muted"><Trans>No upcoming events yet.</Trans></p>}
      <Link to="/events" className="mt-3 inline-block text-sm text-primary"><Trans>View All Events</Trans></Link>
    </Card>
  );
}

/** The signed-in home (docs/product.md, "Screens"): profile and collection, composer and feed, upcoming events. */
export function HomeFeed({ user }: { user: User }) {
  const { t } = useLingui();
  const name = displayName(user);
  return (
    <main className="mx-auto grid max-w-7xl gap-4 px-4 py-4 sm:py-8 lg:grid-cols-[16rem_minmax(0,1fr)_18rem] lg:gap-6">
      <ProfilePanel user={user}>
        <ProfileSummary user={user} />
        <MyCollection user={user} />
      </ProfilePanel>
      <section aria-labelledby="feed-title" className="min-w-0">
        <h1 id="feed-title" className="mb-3 text-xl font-bold sm:mb-4 sm:text-2xl"><Trans>Welcome back, {name}</Trans></h1>
        <PostComposer />
        <Suspense fallback={<FeedSkeleton />}>
          <FeedList />
        </Suspense>
      </section>
      <aside aria-label={t`Events`}>
        <Suspense fallback={<Skeleton className="h-48" />}>
          <UpcomingEvents />
        </Suspense>
      </aside>
    </main>
  );
}
