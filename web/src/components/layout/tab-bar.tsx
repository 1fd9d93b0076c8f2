import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { currentUserQuery } from '@/lib/current-user';

// Like the member header, its own chunk: a visitor's first screen loads none of it (docs/decisions.md, "First screen").
const MemberTabBar = lazy(() => import('./member-tab-bar').then((m) => ({ default: m.MemberTabBar })));

/**
 * The signed-in phone's tab bar, and the room it takes at the end of the page so it never covers the last of it.
 * Nothing signed out, nothing from 768 px up.
 */
export function TabBar() {
  const { data: user } = useQuery(currentUserQuery);
  if (!user) return null;
  return (
    <>
      <div aria-hidden className="h-[calc(3.5rem+env(safe-area-inset-bottom))] shrink-0 md:hidden" />
      <Suspense fallback={null}><MemberTabBar user={user} /></Suspense>
    </>
  );
}
