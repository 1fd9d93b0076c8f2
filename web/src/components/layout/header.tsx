import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { buttonClass } from '@/components/ui/button';
import { currentUserQuery } from '@/lib/current-user';
import { HEADER_ROW } from './header-row';

// The signed-in header (menus, popovers, the bell) is its own chunk: a visitor's first screen loads none of it.
const MemberHeader = lazy(() => import('./member-header').then((m) => ({ default: m.MemberHeader })));

const brand = <Link to="/" className="font-serif text-2xl font-bold text-primary no-underline">Torcedor</Link>;

/**
 * The site header (docs/product.md, "Screens"), signed in or logged out; below a phone's status bar when the app is
 * installed (index.html's `viewport-fit=cover` lets the page reach under it, the safe-area inset keeps the header clear).
 */
export function Header() {
  const { data: user } = useQuery(currentUserQuery);
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-bg/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      {user ? (
        <Suspense fallback={<div className={HEADER_ROW}>{brand}</div>}>
          <MemberHeader user={user} brand={brand} />
        </Suspense>
      ) : (
        <div className={HEADER_ROW}>
          {brand}
          {/* The landing page's login tab, opened in place (the same place /api/login sends a browser to). */}
          <Link to="/" search={{ auth: 'login' }} className={buttonClass('primary', 'sm', 'ml-auto no-underline')}><Trans>Sign In</Trans></Link>
        </div>
      )}
    </header>
  );
}
