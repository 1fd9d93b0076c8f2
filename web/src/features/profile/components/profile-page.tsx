import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { displayName } from '@torcedor/shared/formatters';
import type { PublicProfile } from '@torcedor/shared/schemas/social';
import { Lock, MessageCircle } from 'lucide-react';
import { ReportButton } from '@/components/report-button';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { hasMemberBadge, useCurrentUser } from '@/lib/current-user';
import { formatNumber } from '@/lib/numbers';
import { useUserProfile } from '../api/get-user';
import { BlockButton } from './block-button';
import { FollowButton } from './follow-button';
import { PostsTab } from './posts-tab';
import { ProfileHeader, type ProfileHeaderData } from './profile-header';
import { DEFAULT_PROFILE_TAB, isOwnProfile, PROFILE_TABS, type ProfileTab } from './profile-tabs';
import { ReviewsTab } from './reviews-tab';

const isTab = (v: string): v is ProfileTab => (PROFILE_TABS as readonly string[]).includes(v);

/**
 * A member's profile (docs/product.md, "Screens"); the signed-in member's own when no id is given or it is
 * theirs. The open tab lives in the URL (`tab`), given by the route.
 */
export function ProfilePage({ id, tab = DEFAULT_PROFILE_TAB, onTabChange }: { id?: string; tab?: ProfileTab; onTabChange?: (tab: ProfileTab) => void }) {
  const me = useCurrentUser()!;
  if (isOwnProfile(id, me.id)) {
    const header: ProfileHeaderData = {
      name: displayName(me),
      premium: hasMemberBadge(me),
      imageUrl: me.profileImageUrl,
      location: me.location,
      bio: me.bio,
      counters: { following: me.followingCount, followers: me.followersCount, reviews: me.reviewsCount, cigars: me.humidorCount },
    };
    return (
      <>
        <ProfileHeader data={header} own />
        <ProfileTabs memberId={me.id} own tab={tab} onTabChange={onTabChange} collection={{ humidor: me.humidorCount, wishlist: me.wishlistCount }} />
      </>
    );
  }
  return <OtherProfile id={id!} tab={tab} onTabChange={onTabChange} />;
}

function OtherProfile({ id, tab, onTabChange }: { id: string; tab: ProfileTab; onTabChange?: (tab: ProfileTab) => void }) {
  const profile = useUserProfile(id);
  return (
    <>
      <ProfileHeader
        data={headerOf(profile)}
        own={false}
        actions={
          <>
            {profile.blockedByMe ? null : <FollowButton profile={profile} />}
            {profile.canMessage && !profile.blockedByMe ? (
              <Link to="/messages/$memberId" params={{ memberId: profile.id }} className={buttonClass('outline', 'sm', 'no-underline')}>
                <MessageCircle className="h-4 w-4" aria-hidden /><Trans context="action">Message</Trans>
              </Link>
            ) : null}
            <BlockButton profile={profile} />
            <ReportButton targetType="member" targetId={profile.id} />
          </>
        }
      />
      {profile.restricted ? null : <ProfileTabs memberId={profile.id} own={false} name={profile.displayName} tab={tab} onTabChange={onTabChange} />}
    </>
  );
}

const headerOf = (p: PublicProfile): ProfileHeaderData => ({
  name: p.displayName,
  premium: p.premium,
  imageUrl: p.profileImageUrl,
  location: p.restricted ? null : p.location,
  bio: p.restricted ? null : p.bio,
  counters: p.restricted ? null : { following: p.followingCount, followers: p.followersCount, reviews: p.reviewsCount, cigars: p.humidorCount },
});

function ProfileTabs({ memberId, own, name, tab, onTabChange, collection }: {
  memberId: string; own: boolean; name?: string; tab: ProfileTab; onTabChange?: (tab: ProfileTab) => void;
  collection?: { humidor: number; wishlist: number };
}) {
  const { t } = useLingui();
  const humidor = collection?.humidor ?? 0;
  const wishlist = formatNumber(collection?.wishlist ?? 0);
  // Another member's collection is never shown: a link to it opens their posts instead.
  const value = !own && tab === 'collection' ? 'posts' : tab;
  return (
    <Tabs value={value} onValueChange={(v) => isTab(v) && onTabChange?.(v)} className="mt-6">
      <TabsList>
        <TabsTrigger value="posts"><Trans>Posts</Trans></TabsTrigger>
        <TabsTrigger value="reviews"><Trans>Reviews</Trans></TabsTrigger>
        <TabsTrigger value="collection" disabled={!own}><Trans>Collection</Trans></TabsTrigger>
      </TabsList>
      <TabsContent value="posts">
        <PostsTab memberId={memberId} emptyText={own ? t`You haven't shared any posts yet.` : t`${name} hasn't shared any posts yet.`} />
      </TabsContent>
      <TabsContent value="reviews">
        <ReviewsTab memberId={memberId} own={own} emptyText={own ? t`You haven't reviewed any cigars yet.` : t`${name} hasn't reviewed any cigars yet.`} />
      </TabsContent>
      {own && collection ? (
        <TabsContent value="collection">
          <Card className="text-center">
            <Lock className="mx-auto h-8 w-8 text-primary" aria-hidden />
            <h2 className="mt-2 text-xl font-semibold"><Trans>Private Collection</Trans></h2>
            <p className="text-muted">
              {t`${plural(humidor, { one: '# cigar in your humidor', other: '# cigars in your humidor' })}, ${wishlist} on your wishlist. Only you can see them.`}
            </p>
            <Link to="/humidor" className={buttonClass('primary', 'md', 'mt-4 no-underline')}><Trans>View Humidor</Trans></Link>
          </Card>
        </TabsContent>
      ) : null}
    </Tabs>
  );
}
