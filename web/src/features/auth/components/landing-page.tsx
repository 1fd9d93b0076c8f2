import { Link } from '@tanstack/react-router';
import { BookOpen, CalendarDays, Database, Package, ShieldCheck, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { takeTrialEndedMessage } from '@/lib/session-hints';
import { passedGate } from '../age';
import type { AuthTab } from '../auth-tabs';
import { AgeGate } from './age-gate';

// The dialog (forms, their schemas, the API client) loads when it is first opened: the first screen is the gate and the hero.
const AuthDialog = lazy(() => import('./auth-dialog').then((m) => ({ default: m.AuthDialog })));

const FEATURES = [
  { icon: Users, title: 'Social Community', text: 'Follow fellow enthusiasts, share your smokes and trade notes with people who love the leaf as much as you do.' },
  { icon: BookOpen, title: 'Expert Reviews', text: 'Structured reviews scoring draw, burn, flavor and overall experience, so every opinion is comparable.' },
  { icon: Package, title: 'Digital Humidor', text: 'Track your collection, watch it age, keep a wishlist and see what your humidor is really made of.' },
  { icon: CalendarDays, title: 'Premium Events', text: 'Tastings, masterclasses and meet-ups, and the chance to host your own for the community.' },
  { icon: Database, title: 'Curated Database', text: 'Hundreds of cigars, brands and lounges with vitolas, sizes, strengths and tobacco blends.' },
  { icon: ShieldCheck, title: 'Safe Community', text: 'Every member is age-verified and the community is moderated, so the conversation stays civil.' },
] as const;

/**
 * The logged-out landing page (docs/product.md, "Screens"): age gate first, hero, features, notice, footer.
 * `redirect`: the (validated, same-origin) page to go to once logged in, instead of the home.
 */
export function LandingPage({ tab, onTabChange, redirect }: { tab: AuthTab | null; onTabChange: (t: AuthTab | null) => void; redirect?: string }) {
  const [gatePassed, setGatePassed] = useState(() => passedGate() !== null);
  const [notice] = useState(() => takeTrialEndedMessage());
  const open = (t: AuthTab) => onTabChange(t);
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
          <div className="mx-auto max-w-5xl px-4 py-24 text-center">
            <p className="text-sm font-semibold uppercase tracking-[0.3em] text-primary">Members only · 18+ / 21+ in the US</p>
            <h1 className="mt-4 text-5xl font-bold md:text-6xl">The private club for cigar enthusiasts</h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
              Keep your humidor, review what you smoke, meet people who share the passion and discover your next favourite, all in one age-verified community.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              <Button size="lg" onClick={() => open('signup')}>Join the Community</Button>
              <Button size="lg" variant="outline" onClick={() => open('login')}>Member Login</Button>
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-20" aria-labelledby="features-title">
          <h2 id="features-title" className="text-center text-3xl font-bold">Everything the connoisseur needs</h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <Icon className="h-8 w-8 text-primary" aria-hidden />
                <h3 className="mt-4 text-xl font-semibold">{title}</h3>
                <p className="mt-2 text-muted">{text}</p>
              </Card>
            ))}
          </div>
        </section>

        <section className="mx-auto max-w-4xl px-4 pb-20" aria-labelledby="notice-title">
          <Card className="border-warning/40">
            <h2 id="notice-title" className="text-2xl font-bold">Important Notice</h2>
            <ul className="mt-4 list-disc space-y-2 pl-5 text-muted">
              <li>Torcedor is for adults of legal smoking age only: 21 in the United States, 18 in the United Kingdom, Canada, Germany and the Netherlands.</li>
              <li>Torcedor does not sell tobacco or facilitate the sale of tobacco products.</li>
              <li>Cigar smoking is not a safe alternative to cigarettes. Tobacco use causes cancer, heart disease and other serious illnesses.</li>
              <li>Content is filtered according to local regulation and the community is moderated.</li>
            </ul>
          </Card>
        </section>
      </main>

      <footer className="border-t border-border bg-surface">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between">
          <div>
            <p className="font-serif text-xl font-bold text-primary">Torcedor</p>
            <p className="mt-1 text-sm text-muted">© {new Date().getFullYear()} Torcedor. For adults of legal smoking age.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" size="sm" onClick={() => open('signup')}>Get Started</Button>
            <Button variant="secondary" size="sm" onClick={() => open('trial')}>7-Day Free Trial</Button>
            <Link to="/" search={{ auth: 'login' }} className="self-center text-sm text-muted hover:text-fg">Admin Login</Link>
          </div>
          <nav aria-label="Legal" className="flex gap-4 text-sm">
            <Link to="/terms" className="text-muted hover:text-fg">Terms of Service</Link>
            <Link to="/privacy" className="text-muted hover:text-fg">Privacy Policy</Link>
            <Link to="/disclaimer" className="text-muted hover:text-fg">Legal Disclaimer</Link>
          </nav>
        </div>
      </footer>
    </>
  );
}
