import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { routes } from '@torcedor/shared/routes';
import { Download, Plus, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/card';
import { SavedCopyNotice } from '@/components/saved-copy-notice';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatNumber } from '@/lib/numbers';
import { prefetchOnIntent } from '@/lib/prefetch-on-intent';
import { humidorQuery } from '../api/get-humidor';
import { humidorSummaryQuery } from '../api/get-humidor-summary';
import { wishlistQuery } from '../api/get-wishlist';
import { ConditionsCard } from './conditions-card';
import { downloadCsv } from './csv-export';
import { AnalyticsSection } from './humidor-analytics';
import { CollectionCard, ReadyNotice } from './humidor-overview';
import { ItemsTab } from './items-tab';
import { useItemFilter, type StatusFilter } from './use-item-filter';
import { WishlistTab } from './wishlist-tab';

// The dialogs load when first opened (their forms are most of the page's code), and are fetched when the pointer or
// the focus reaches the button that opens them.
const loadAddDialog = () => import('./add-cigar-dialog');
const loadImportDialog = () => import('./import-dialog');
const AddCigarDialog = lazy(() => loadAddDialog().then((m) => ({ default: m.AddCigarDialog })));
const ImportDialog = lazy(() => loadImportDialog().then((m) => ({ default: m.ImportDialog })));
const addIntent = prefetchOnIntent(loadAddDialog);
const importIntent = prefetchOnIntent(loadImportDialog);

export type HumidorTab = 'humidor' | 'wishlist';

/** What the page shows: its tab, and the items' text search and status filter (kept in the URL by the route). */
export interface HumidorView {
  tab: HumidorTab;
  q: string;
  status: StatusFilter;
}

/** The reads this page shows, readable offline from the service worker's saved copy (docs/installable.md). */
const SAVED_READS = [routes.getHumidor.path, routes.getHumidorSummary.path, routes.getWishlist.path, routes.getConditions.path];

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
  const { t } = useLingui();
  const { data: items } = useSuspenseQuery(humidorQuery);
  const { data: summary } = useSuspenseQuery(humidorSummaryQuery);
  const { data: wishes } = useSuspenseQuery(wishlistQuery);
  const [now] = useState(() => new Date());
  const { status } = view;
  const filter = useItemFilter(items, view.q, status, (q) => onViewChange({ q }));
  const [adding, setAdding] = useState(!!addCigarId);
  const [importing, setImporting] = useState(false);
  const wishCount = formatNumber(wishes.length);
  const atCap = summary.cap !== null && summary.totalSticks >= summary.cap;
  const closeAdd = (o: boolean) => {
    setAdding(o);
    if (!o) onAddClosed();
  };
  const addButton = <Button {...addIntent} onClick={() => setAdding(true)} disabled={atCap}><Plus className="h-4 w-4" aria-hidden /><Trans>Add Cigar</Trans></Button>;

  return (
    <div className="space-y-6">
      <PageTitle title={t`My Humidor`} subtitle={t`Your collection, its aging and what you want to try next.`}>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" {...importIntent} onClick={() => setImporting(true)}><Upload className="h-4 w-4" aria-hidden /><Trans>Import CSV</Trans></Button>
          <Button variant="outline" onClick={() => downloadCsv(items)} disabled={!items.length}><Download className="h-4 w-4" aria-hidden /><Trans>Export CSV</Trans></Button>
          {addButton}
          {atCap ? <Link to="/subscription" className={buttonClass('primary', 'md', 'no-underline')}><Trans>Upgrade to Add More</Trans></Link> : null}
        </div>
      </PageTitle>

      <SavedCopyNotice paths={SAVED_READS} />

      <ReadyNotice items={items} now={now} />

      <div className="grid gap-4 lg:grid-cols-3">
        <CollectionCard items={items} now={now} totalSticks={summary.totalSticks} cap={summary.cap} />
        <ConditionsCard />
      </div>

      <Tabs value={view.tab} onValueChange={(tab) => void onViewChange({ tab: tab as HumidorTab })}>
        <TabsList>
          <TabsTrigger value="humidor"><Trans>My Humidor</Trans></TabsTrigger>
          <TabsTrigger value="wishlist">{t`Wishlist (${wishCount})`}</TabsTrigger>
        </TabsList>
        <TabsContent value="humidor">
          <ItemsTab
            items={items}
            now={now}
            filter={filter}
            status={status}
            onStatusChange={(s) => void onViewChange({ status: s })}
            addButton={addButton}
          />
        </TabsContent>
        <TabsContent value="wishlist">
          <WishlistTab canAdd={!atCap} />
        </TabsContent>
      </Tabs>

      <AnalyticsSection unlimited={summary.cap === null} hasItems={items.length > 0} />

      <Suspense fallback={null}>
        {adding ? <AddCigarDialog open={adding} onOpenChange={closeAdd} cigarId={addCigarId} /> : null}
        {importing ? <ImportDialog open={importing} onOpenChange={setImporting} /> : null}
      </Suspense>
    </div>
  );
}
