import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { humidorStats } from '@torcedor/shared/collection';
import { HUMIDOR_PAGE_SIZE } from '@torcedor/shared/constants';
import { isoDay, localTimeZone } from '@torcedor/shared/formatters';
import type { HumidorItem } from '@torcedor/shared/schemas/humidor';
import { AlarmClock, Download, Plus, Search, Upload } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, EmptyState, PageTitle, Skeleton } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { prefetchOnIntent } from '@/lib/prefetch-on-intent';
import { useNearViewport } from '@/lib/use-near-viewport';
import { humidorQuery } from '../api/get-humidor';
import { useHumidorAnalytics } from '../api/get-humidor-analytics';
import { humidorSummaryQuery } from '../api/get-humidor-summary';
import { wishlistQuery } from '../api/get-wishlist';
import { ConditionsCard } from './conditions-card';
import { downloadCsv } from './csv-export';
import { ItemCard } from './item-card';
import { money, STATUSES } from './status';
import { WishlistTab } from './wishlist-tab';

const AnalyticsCharts = lazy(() => import('./charts').then((m) => ({ default: m.AnalyticsCharts })));
// The dialogs load when first opened (their forms are most of the page's code), and are fetched when the pointer or
// the focus reaches the button that opens them.
const loadAddDialog = () => import('./add-cigar-dialog');
const loadImportDialog = () => import('./import-dialog');
const AddCigarDialog = lazy(() => loadAddDialog().then((m) => ({ default: m.AddCigarDialog })));
const ImportDialog = lazy(() => loadImportDialog().then((m) => ({ default: m.ImportDialog })));
const addIntent = prefetchOnIntent(loadAddDialog);
const importIntent = prefetchOnIntent(loadImportDialog);

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg bg-surface-2 p-3 text-center">
      <p className="text-2xl font-bold text-primary">{value}</p>
      <p className="text-sm text-muted">{label}</p>
    </div>
  );
}

function UpgradeForAnalytics() {
  return (
    <Card>
      <p>Origins, strength mix, vitolas, spending and aging charts are part of Premium.</p>
      <Link to="/subscription" className={buttonClass('primary', 'md', 'mt-3 no-underline')}>Upgrade to Premium</Link>
    </Card>
  );
}

/**
 * The server's analytics of the humidor (the charts' code loads on demand). A plan that ended since the totals
 * were read is told by the server (PREMIUM_REQUIRED): the upgrade card then shows instead.
 */
function Analytics({ query }: { query: ReturnType<typeof useHumidorAnalytics> }) {
  const { data, isPending, isError, error, refetch, isFetching } = query;
  if (isPending) return <Skeleton className="h-64" />;
  if (isError) {
    if (error instanceof ApiError && error.body?.code === 'PREMIUM_REQUIRED') return <UpgradeForAnalytics />;
    return (
      <Card role="alert">
        <p>Analytics could not be loaded.</p>
        <Button variant="outline" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>Try Again</Button>
      </Card>
    );
  }
  return <Suspense fallback={<Skeleton className="h-64" />}><AnalyticsCharts analytics={data} /></Suspense>;
}

export type HumidorTab = 'humidor' | 'wishlist';
export type StatusFilter = 'all' | HumidorItem['status'];

/** What the page shows: its tab, and the items' text search and status filter (kept in the URL by the route). */
export interface HumidorView {
  tab: HumidorTab;
  q: string;
  status: StatusFilter;
}

/**
 * /humidor, 'My Humidor': stats, origins and valuation; the items with search and status filter; the
 * wishlist; conditions; and, for premium and trial members, analytics. `addCigarId` opens Add Cigar
 * with that catalog cigar chosen (the search page sends members here with it). `view` is the tab and
 * filters; `onViewChange` stores a change of them (and resolves once it is stored).
 */
export function HumidorPage({ addCigarId, onAddClosed, view, onViewChange }: {
  addCigarId?: string;
  onAddClosed: () => void;
  view: HumidorView;
  onViewChange: (change: Partial<HumidorView>) => Promise<void>;
}) {
  const { data: items } = useSuspenseQuery(humidorQuery);
  const { data: summary } = useSuspenseQuery(humidorSummaryQuery);
  const { data: wishes } = useSuspenseQuery(wishlistQuery);
  const [now] = useState(() => new Date());
  const { status } = view;
  // The box filters as it is typed; the URL follows. It takes the URL's text only when that changes from
  // elsewhere (back and forward, a link), not while its own keystrokes are still on their way there.
  const [text, setText] = useState(view.q);
  const typing = useRef(0);
  useEffect(() => {
    if (!typing.current) setText(view.q);
  }, [view.q]);
  const changeText = (q: string) => {
    setText(q);
    typing.current += 1;
    void onViewChange({ q }).finally(() => { typing.current -= 1; });
  };
  const [adding, setAdding] = useState(!!addCigarId);
  const [importing, setImporting] = useState(false);
  const stats = useMemo(() => humidorStats(items, now), [items, now]);
  const atCap = summary.cap !== null && summary.totalSticks >= summary.cap;
  const unlimited = summary.cap === null;
  // Analytics are premium (the server refuses free members): read only for a member with benefits and cigars.
  const analytics = useHumidorAnalytics(unlimited && items.length > 0);
  // The charts' code (recharts) loads as the member scrolls towards them, not with the page.
  const [analyticsRef, analyticsNear] = useNearViewport<HTMLElement>();
  const paid = items.reduce((n, i) => n + (i.pricePaid ?? 0) * i.quantity, 0);
  const current = items.reduce((n, i) => n + (i.currentPrice ?? i.pricePaid ?? 0) * i.quantity, 0);
  const today = isoDay(now, localTimeZone());
  const readyNow = items.filter((i) => i.readyOn !== null && i.readyOn <= today && i.status !== 'smoked');
  const needle = text.trim().toLowerCase();
  const shown = items.filter((i) => (status === 'all' || i.status === status)
    && (!needle || [i.brandName, i.cigarName, i.cigarVitola, i.location, i.notes].some((f) => f?.toLowerCase().includes(needle))));
  // The first HUMIDOR_PAGE_SIZE items are drawn, then as many more per 'Show more'; a new search or filter starts over.
  const filterKey = `${status}|${needle}`;
  const [more, setMore] = useState({ key: filterKey, limit: HUMIDOR_PAGE_SIZE });
  const limit = more.key === filterKey ? more.limit : HUMIDOR_PAGE_SIZE;
  const closeAdd = (o: boolean) => {
    setAdding(o);
    if (!o) onAddClosed();
  };

  return (
    <div className="space-y-6">
      <PageTitle title="My Humidor" subtitle="Your collection, its aging and what you want to try next.">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" {...importIntent} onClick={() => setImporting(true)}><Upload className="h-4 w-4" aria-hidden />Import CSV</Button>
          <Button variant="outline" onClick={() => downloadCsv(items)} disabled={!items.length}><Download className="h-4 w-4" aria-hidden />Export CSV</Button>
          <Button {...addIntent} onClick={() => setAdding(true)} disabled={atCap}><Plus className="h-4 w-4" aria-hidden />Add Cigar</Button>
          {atCap ? <Link to="/subscription" className={buttonClass('primary', 'md', 'no-underline')}>Upgrade to Add More</Link> : null}
        </div>
      </PageTitle>

      {readyNow.length ? (
        <Card role="status" className="flex items-start gap-3 border-warning/50">
          <AlarmClock className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden />
          <p>
            <strong>{readyNow.length === 1 ? '1 cigar is ready to smoke' : `${readyNow.length} cigars are ready to smoke`}:</strong>{' '}
            {readyNow.map((i) => `${i.brandName} ${i.cigarName}`).join(', ')}.
          </p>
        </Card>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="sr-only">Collection stats</h2>
          <div className="grid grid-cols-3 gap-3">
            <Stat label="Total Sticks" value={stats.totalSticks} />
            <Stat label="Unique Cigars" value={stats.uniqueCigars} />
            <Stat label="Aging (2+ years)" value={stats.aging} />
          </div>
          {summary.cap !== null ? (
            <p className="mt-3 text-sm text-muted">{summary.totalSticks} of {summary.cap} cigars on the free plan. <Link to="/subscription">Premium</Link> removes the limit.</p>
          ) : null}
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="font-semibold">Origins</h3>
              {stats.origins.length ? (
                <ul className="mt-1 space-y-1 text-sm">
                  {stats.origins.map((o) => <li key={o.country} className="flex justify-between"><span>{o.country}</span><span className="text-muted">{o.count}</span></li>)}
                </ul>
              ) : <p className="mt-1 text-sm text-muted">No cigars yet.</p>}
            </div>
            <div>
              <h3 className="font-semibold">Valuation</h3>
              <dl className="mt-1 space-y-1 text-sm">
                <div className="flex justify-between"><dt>Paid</dt><dd>{money(paid)}</dd></div>
                <div className="flex justify-between"><dt>Current value</dt><dd>{money(current)}</dd></div>
              </dl>
            </div>
          </div>
        </Card>
        <ConditionsCard />
      </div>

      <Tabs value={view.tab} onValueChange={(tab) => void onViewChange({ tab: tab as HumidorTab })}>
        <TabsList>
          <TabsTrigger value="humidor">My Humidor</TabsTrigger>
          <TabsTrigger value="wishlist">{`Wishlist (${wishes.length})`}</TabsTrigger>
        </TabsList>
        <TabsContent value="humidor">
          <div className="mb-4 flex flex-wrap gap-2">
            <div className="relative min-w-56 flex-1">
              <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
              <Input aria-label="Search your humidor" placeholder="Search your humidor..." className="pl-9" maxLength={100} value={text} onChange={(e) => changeText(e.target.value)} />
            </div>
            <div className="w-44 shrink-0">
              <Select aria-label="Status" value={status} onChange={(e) => void onViewChange({ status: e.target.value as StatusFilter })}>
                <option value="all">All Status</option>
                {STATUSES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
              </Select>
            </div>
          </div>
          {!items.length ? (
            <EmptyState title="Your Humidor is Empty" text="Add the cigars you keep to follow their aging.">
              <Button {...addIntent} onClick={() => setAdding(true)} disabled={atCap}><Plus className="h-4 w-4" aria-hidden />Add Cigar</Button>
            </EmptyState>
          ) : !shown.length ? (
            <EmptyState title="No Items Found" text="Try adjusting your search or filters" />
          ) : (
            <>
              <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {shown.slice(0, limit).map((i) => <li key={i.id} className="flex"><ItemCard item={i} now={now} /></li>)}
              </ul>
              {shown.length > limit ? (
                <div className="mt-4 flex flex-col items-center gap-2">
                  <p className="text-sm text-muted" aria-live="polite">Showing {limit} of {shown.length} cigars</p>
                  <Button variant="outline" onClick={() => setMore({ key: filterKey, limit: limit + HUMIDOR_PAGE_SIZE })}>Show more</Button>
                </div>
              ) : null}
            </>
          )}
        </TabsContent>
        <TabsContent value="wishlist">
          <WishlistTab canAdd={!atCap} />
        </TabsContent>
      </Tabs>

      <section ref={analyticsRef} aria-labelledby="analytics-title">
        <h2 id="analytics-title" className="mb-3 text-xl font-semibold">Analytics</h2>
        {unlimited ? (
          items.length
            ? (analyticsNear ? <Analytics query={analytics} /> : <Skeleton className="h-64" />)
            : <p className="text-sm text-muted">Analytics appear once your humidor has cigars.</p>
        ) : <UpgradeForAnalytics />}
      </section>

      <Suspense fallback={null}>
        {adding ? <AddCigarDialog open={adding} onOpenChange={closeAdd} cigarId={addCigarId} /> : null}
        {importing ? <ImportDialog open={importing} onOpenChange={setImporting} /> : null}
      </Suspense>
    </div>
  );
}
