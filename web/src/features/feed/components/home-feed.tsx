import { Link } from '@tanstack/react-router';
import { FEED_UPCOMING_EVENTS } from '@torcedor/shared/constants';
import { relativePostTime } from '@torcedor/shared/formatters';
import type { User } from '@torcedor/shared/schemas/identity';
import { CalendarDays, MapPin } from 'lucide-react';
import { Suspense } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Card, EmptyState, Skeleton } from '@/components/ui/card';
import { displayName } from '@torcedor/shared/formatters';
import { useEvents } from '@/lib/api/get-events';
import { useFeed } from '../api/get-feed';

function ProfileSummary({ user }: { user: User }) {
  const counts = [
    { label: 'Following', value: user.followingCount },
    { label: 'Followers', value: user.followersCount },
    { label: 'Reviews', value: user.reviewsCount },
  ];
  return (
    <Card>
      <div className="flex items-center gap-3">
        <div className="flex h-12 w-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-fg" aria-hidden>
          {displayName(user).slice(0, 1).toUpperCase()}
        </div>
        <div>
          <p className="font-semibold">{displayName(user)}</p>
          <p className="flex items-center gap-1 text-sm text-muted"><MapPin className="h-3.5 w-3.5" aria-hidden />{user.location || 'Location not set'}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-3 text-center">
        {counts.map((c) => (
          <div key={c.label}><dd className="text-lg font-bold">{c.value}</dd><dt className="text-xs text-muted">{c.label}</dt></div>
        ))}
      </dl>
      {user.isTrial && user.trialEndsAt ? (
        <p className="mt-4 rounded-md bg-primary/10 p-2 text-sm">
          Trial ends {new Date(user.trialEndsAt).toLocaleDateString()}. Sign up from the landing page after it ends to keep going.
        </p>
      ) : null}
    </Card>
  );
}

function MyCollection({ user }: { user: User }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">My Collection</h2>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
        <div className="rounded-md bg-surface-2 p-3"><dd className="text-2xl font-bold">{user.humidorCount}</dd><dt className="text-xs text-muted">In humidor</dt></div>
        <div className="rounded-md bg-surface-2 p-3"><dd className="text-2xl font-bold">{user.wishlistCount}</dd><dt className="text-xs text-muted">On wishlist</dt></div>
      </dl>
      <Link to="/humidor" className={buttonClass('primary', 'sm', 'mt-4 w-full no-underline')}>View Humidor</Link>
      <Link to="/events" className={buttonClass('outline', 'sm', 'mt-2 w-full no-underline')}>Browse Events</Link>
      <Link to="/search" search={{}} className={buttonClass('outline', 'sm', 'mt-2 w-full no-underline')}>Discover Cigars</Link>
    </Card>
  );
}

function Posts() {
  const posts = useFeed();
  if (!posts.length) {
    return (
      <EmptyState title="Your Feed is Empty" text="Follow other members to see what they are smoking.">
        <Link to="/search" search={{}} className={buttonClass('primary', 'md', 'no-underline')}>Discover Community</Link>
      </EmptyState>
    );
  }
  const now = new Date();
  return (
    <ul className="space-y-4">
      {posts.map((p) => (
        <li key={p.id}>
          <Card>
            <div className="flex items-baseline justify-between gap-2">
              <p className="font-semibold">{p.userName}</p>
              <time className="text-xs text-muted" dateTime={p.createdAt}>{relativePostTime(p.createdAt, now)}</time>
            </div>
            {p.userLocation ? <p className="text-xs text-muted">{p.userLocation}</p> : null}
            <p className="mt-3 whitespace-pre-wrap">{p.content}</p>
            {p.imageUrl ? <img src={p.imageUrl} alt="" className="mt-3 max-h-96 rounded-lg object-cover" loading="lazy" /> : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}

function UpcomingEvents() {
  const { upcoming } = useEvents();
  const first = upcoming.slice(0, FEED_UPCOMING_EVENTS);
  return (
    <Card>
      <h2 className="text-lg font-semibold">Upcoming Events</h2>
      {first.length ? (
        <ul className="mt-3 space-y-3">
          {first.map((e) => (
            <li key={e.id} className="rounded-md bg-surface-2 p-3">
              <p className="font-medium">{e.title}</p>
              <p className="flex items-center gap-1 text-xs text-muted"><CalendarDays className="h-3.5 w-3.5" aria-hidden />{new Date(e.startAt).toLocaleString()}</p>
            </li>
          ))}
        </ul>
      ) : <p className="mt-3 text-sm text-muted">No upcoming events yet.</p>}
      <Link to="/events" className="mt-3 inline-block text-sm text-primary">View All Events</Link>
    </Card>
  );
}

/** The signed-in home (docs/product.md, "Screens"). */
export function HomeFeed({ user }: { user: User }) {
  return (
    <main className="mx-auto grid max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[16rem_1fr_18rem]">
      <aside className="space-y-4" aria-label="Your profile">
        <ProfileSummary user={user} />
        <MyCollection user={user} />
      </aside>
      <section aria-labelledby="feed-title">
        <h1 id="feed-title" className="mb-4 text-2xl font-bold">Welcome back, {displayName(user)}</h1>
        <Suspense fallback={<div className="space-y-4"><Skeleton className="h-32" /><Skeleton className="h-32" /></div>}>
          <Posts />
        </Suspense>
      </section>
      <aside aria-label="Events">
        <Suspense fallback={<Skeleton className="h-48" />}>
          <UpcomingEvents />
        </Suspense>
      </aside>
    </main>
  );
}
