import { createFileRoute, stripSearchParams, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { userProfileQuery } from '@/features/profile/api/get-user';
import { userPostsQuery } from '@/features/profile/api/get-user-posts';
import { userReviewsQuery } from '@/features/profile/api/get-user-reviews';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { DEFAULT_PROFILE_TAB, isOwnProfile, PROFILE_TABS, type ProfileTab } from '@/features/profile/components/profile-tabs';
import { oneOf } from '@/lib/search-params';

/** The open tab when the URL names none: left out of the URL, so a plain /profile stays clean. */
const SEARCH_DEFAULTS = { tab: DEFAULT_PROFILE_TAB } as const;

/** `tab`: the open tab, so a reload or a shared link shows the same one; an unknown value falls back to Posts. */
const validateSearch = (s: { tab?: ProfileTab } & SearchSchemaInput): { tab: ProfileTab } => ({ tab: oneOf(s.tab, PROFILE_TABS, SEARCH_DEFAULTS.tab) });

export const Route = createFileRoute('/_authenticated/profile/{-$id}')({
  validateSearch,
  search: { middlewares: [stripSearchParams(SEARCH_DEFAULTS)] },
  loaderDeps: ({ search: { tab } }) => ({ tab }),
  // Another member's profile is read before the page paints; the open tab's list starts loading alongside
  // (not awaited: the tab shows its own skeleton). The own profile is the current-user record, already read.
  loader: async ({ params: { id }, deps: { tab }, context: { queryClient, user } }) => {
    const own = isOwnProfile(id, user.id);
    const memberId = own ? user.id : id!;
    if (!own) {
      const profile = await queryClient.ensureQueryData(userProfileQuery(memberId));
      if (profile.restricted) return;
    }
    if (tab === 'posts') void queryClient.prefetchInfiniteQuery(userPostsQuery(memberId));
    if (tab === 'reviews') void queryClient.prefetchQuery(userReviewsQuery(memberId));
  },
  component: Profile,
});

function Profile() {
  const { id } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const changeTab = (next: ProfileTab) => void navigate({ search: (prev) => ({ ...prev, tab: next }), resetScroll: false });
  return <ProfilePage key={id ?? ''} id={id} tab={tab} onTabChange={changeTab} />;
}
