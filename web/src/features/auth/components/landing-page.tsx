import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { COUNTRIES, GLOBAL_MINIMUM_AGE } from '@torcedor/shared/constants';
import { BookOpen, CalendarDays, Database, Package, ShieldCheck, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatNumber } from '@/lib/numbers';
import { takeTrialEndedMessage } from '@/lib/session-hints';
import { passedGate } from '../age';
import type { AuthTab } from '../auth-tabs';
import { AgeGate } from './age-gate';

// The dialog (forms, their schemas, the API client) loads when it is first opened: the first screen is the gate and the hero.
const AuthDialog = lazy(() => import('./auth-dialog').then((m) => ({ default: m.AuthDialog })));

const FEATURES: { key: string; icon: typeof Users; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { key: 'social', icon: Users, title: msg`Social Community`, text: msg`Follow fellow enthusiasts, share your smokes and trade notes with people who love the leaf as much as you do.` },
  { key: 'reviews', icon: BookOpen, title: msg`Expert Reviews`, text: msg`Structured reviews scoring draw, burn, flavor and overall experience, so every opinion is comparable.` },
  { key: 'humidor', icon: Package, title: msg`Digital Humidor`, text: msg`Track your collection, watch it age, keep a wishlist and see what your humidor is really made of.` },
  { key: 'events', icon: CalendarDays, title: msg`Premium Events`, text: msg`Tastings, masterclasses and meet-ups, and the chance to host your own for the community.` },
  { key: 'database', icon: Database, title: msg`Curated Database`, text: msg`Hundreds of cigars, brands and lounges with vitolas, sizes, strengths and tobacco blends.` },
  { key: 'safety', icon: ShieldCheck, title: msg`Safe Community`, text: msg`Every member is age-verified and the community is moderated, so the conversation stays civil.` },
];

/** The United States' legal smoking age (21), the one above the global floor. */
const US_MINIMUM_AGE = COUNTRIES.find((c) => c.code === 'US')?.minimumAge ?? 21;

/**
 * The logged-out landing page (docs/product.md, "Screens"): age gate first, hero, features, notice, footer.
 * `redirect`: the (validated, same-origin) page to go to once logged in, instead of the home.
 */
export function LandingPage({ tab, onTabChange, redirect }: { tab: AuthTab | null; onTabChange: (t: AuthTab | null) => void; redirect?: string }) {
  const { t, i18n } = useLingui();
  const [gatePassed, setGatePassed] = useState(() => passedGate() !== null);
  const [notice] = useState(() => takeTrialEndedMessage());
  const open = (next: AuthTab) => onTabChange(next);
  const dialogTab = gatePassed ? (tab ?? (notice ? 'signup' : null)) : null;
  // Where the visitor came from, kept for the sign-up, and the session's visit counted (after the first paint). The URL is
  // read now, before the dialog's tab changes it.
  useEffect(() => {
    const page = { search: location.search, referrer: document.referrer, origin: location.origin };
    const count = () => void import('../api/record-visit').then(({ countLandingVisit }) => countLandingVisit(page));
    // Once the page has loaded, so the API client it needs does not compete with the first screen for the network.
    if (document.readyState === 'complete') return void setTimeout(count, 0);
    window.addEventListener('load', count, { once: true });
    return () => window.removeEventListener('load', count);
  }, []);

  const globalAge = formatNumber(GLOBAL_MINIMUM_AGE);
  const usAge = formatNumber(US_MINIMUM_AGE);
  const year = new Date().getFullYear();

  return (
    <>
      {gatePassed ? null : <AgeGate onPass={() => setGatePassed(true)} />}
      {dialogTab ? (
        <Suspense fallback={null}>
          <AuthDialog tab={dialogTab} onTabChange={open} onClose={() => onTabChange(null)} notice={notice} redirect={redirect} />
        </Suspense>
      ) : null}
      <main>
        <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-surface-2 to-bg">
          {/* The visitor's language, at the top of the page (the age gate has its own while it covers the page). */}
          {gatePassed ? (
            <div className="mx-auto flex max-w-5xl justify-end px-4 pt-4">
              <LanguageSwitcher />
            </div>
          ) : null}
          <div className={gatePassed ? 'mx-auto max-w-5xl px-4 pt-14 pb-24 text-center' : 'mx-auto max-w-5xl px-4 py-24 text-center'}>
            <p className="text-sm font-semibold uppercase tracking-[0.3em] text-primary"><Trans>Members only · {globalAge}+ / {usAge}+ in the US</Trans></p>
            <h1 className="mt-4 hyphens-auto break-words text-5xl font-bold md:text-6xl"><Trans>The private club for cigar enthusiasts</Trans></h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
              <Trans>Keep your humidor, review what you smoke, meet people who share the passion and discover your next favourite, all in one age-verified community.</Trans>
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              <Button size="lg" onClick={() => open('signup')}><Trans>Join the Community</Trans></Button>
              <Button size="lg" variant="outline" onClick={() => open('login')}><Trans>Member Login</Trans></Button>
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-20" aria-labelledby="features-title">
          <h2 id="features-title" className="text-center text-3xl font-bold"><Trans>Everything the connoisseur needs</Trans></h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ key, icon: Icon, title, text }) => (
              <Card key={key}>
                <Icon className="h-8 w-8 text-primary" aria-hidden />
                <h3 className="mt-4 text-xl font-semibold">{i18n._(title)}</h3>
                <p className="mt-2 text-muted">{i18n._(text)}</p>
              </Card>
            ))}
          </div>
        </section>

        <section className="mx-auto max-w-4xl px-4 pb-20" aria-labelledby="notice-title">
          <Card className="border-warning/40">
            <h2 id="notice-title" className="text-2xl font-bold"><Trans>Important Notice</Trans></h2>
            <ul className="mt-4 list-disc space-y-2 pl-5 text-muted">
              <li><Trans>Torcedor is for adults of legal smoking age only: {usAge} in the United States, {globalAge} in the United Kingdom, Canada, Germany and the Netherlands.</Trans></li>
              <li><Trans>Torcedor does not sell tobacco or facilitate the sale of tobacco products.</Trans></li>
              <li><Trans>Cigar smoking is not a safe alternative to cigarettes. Tobacco use causes cancer, heart disease and other serious illnesses.</Trans></li>
              <li><Trans>Content is filtered according to local regulation and the community is moderated.</Trans></li>
            </ul>
          </Card>
        </section>
      </main>

      <footer className="border-t border-border bg-surface">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between">
          <div>
            <p className="font-serif text-xl font-bold text-primary">Torcedor</p>
            <p className="mt-1 text-sm text-muted"><Trans>© {year} Torcedor. For adults of legal smoking age.</Trans></p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" size="sm" onClick={() => open('signup')}><Trans>Get Started</Trans></Button>
            <Button variant="secondary" size="sm" onClick={() => open('trial')}><Trans>7-Day Free Trial</Trans></Button>
            <Link to="/" search={{ auth: 'login' }} className="self-center text-sm text-muted hover:text-fg"><Trans>Admin Login</Trans></Link>
          </div>
          <nav aria-label={t`Legal`} className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <Link to="/terms" className="text-muted hover:text-fg"><Trans>Terms of Service</Trans></Link>
            <Link to="/privacy" className="text-muted hover:text-fg"><Trans>Privacy Policy</Trans></Link>
            <Link to="/disclaimer" className="text-muted hover:text-fg"><Trans>Legal Disclaimer</Trans></Link>
          </nav>
          <LanguageSwitcher />
        </div>
      </footer>
    </>
  );
}
