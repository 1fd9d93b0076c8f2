import { Link } from '@tanstack/react-router';
import { Lock, MapPin } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/current-user';
import { displayName } from '@torcedor/shared/formatters';

/** A member's profile (docs/product.md, "Screens"); the signed-in member's own when no id is given. */
export function ProfilePage({ id }: { id?: string }) {
  const me = useCurrentUser()!;
  if (id && id !== me.id) {
    return <EmptyState title="Profile not available" text="This member's profile is private or does not exist." />;
  }
  const counters = [['Following', me.followingCount], ['Followers', me.followersCount], ['Reviews', me.reviewsCount], ['Cigars', me.humidorCount]] as const;
  return (
    <>
      <Card className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-primary text-4xl font-bold text-primary-fg" aria-hidden>
          {displayName(me).slice(0, 1).toUpperCase()}
        </div>
        <div className="flex-1">
          <h1 className="text-3xl font-bold">{displayName(me)}</h1>
          {me.location ? <p className="flex items-center gap-1 text-muted"><MapPin className="h-4 w-4" aria-hidden />{me.location}</p> : null}
          {me.bio ? <p className="mt-2 whitespace-pre-wrap">{me.bio}</p> : null}
          <dl className="mt-4 flex gap-6">
            {counters.map(([label, n]) => <div key={label}><dd className="text-xl font-bold">{n}</dd><dt className="text-xs text-muted">{label}</dt></div>)}
          </dl>
        </div>
        <Link to="/settings" className={buttonClass('outline', 'sm', 'no-underline')}>Edit profile</Link>
      </Card>
      <Tabs defaultValue="posts" className="mt-6">
        <TabsList>
          <TabsTrigger value="posts">Posts</TabsTrigger>
          <TabsTrigger value="reviews">Reviews</TabsTrigger>
          <TabsTrigger value="collection">Collection</TabsTrigger>
        </TabsList>
        <TabsContent value="posts"><EmptyState title="No Posts Yet" text="Share your first smoke with the community." /></TabsContent>
        <TabsContent value="reviews"><EmptyState title="No Reviews Yet" text="Your reviews of cigars will show here." /></TabsContent>
        <TabsContent value="collection">
          <Card className="text-center">
            <Lock className="mx-auto h-8 w-8 text-primary" aria-hidden />
            <h2 className="mt-2 text-xl font-semibold">Private Collection</h2>
            <p className="text-muted">{me.humidorCount} cigars in your humidor, {me.wishlistCount} on your wishlist. Only you can see them.</p>
            <Link to="/humidor" className={buttonClass('primary', 'md', 'mt-4 no-underline')}>View Humidor</Link>
          </Card>
        </TabsContent>
      </Tabs>
    </>
  );
}
