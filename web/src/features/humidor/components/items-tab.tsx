import { Trans, useLingui } from '@lingui/react/macro';
import type { HumidorItem } from '@torcedor/shared/schemas/humidor';
import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { formatNumber } from '@/lib/numbers';
import { ItemCard } from './item-card';
import { STATUSES } from './status';
import type { ItemFilter, StatusFilter } from './use-item-filter';

/**
 * The My Humidor tab: the search box and status filter, then the matching items a page at a time (or why there are
 * none: an empty humidor offers `addButton`).
 */
export function ItemsTab({ items, now, filter, status, onStatusChange, addButton }: {
  items: HumidorItem[];
  now: Date;
  filter: ItemFilter;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  addButton: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { text, changeText, shown, limit, showMore } = filter;
  const drawn = formatNumber(limit);
  const total = formatNumber(shown.length);
  return (
    <>
      <div className="mb-4 flex flex-wrap gap-2">
        <div className="relative min-w-56 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input aria-label={t`Search your humidor`} placeholder={t`Search your humidor...`} className="pl-9" maxLength={100} value={text} onChange={(e) => changeText(e.target.value)} />
        </div>
        <div className="w-44 shrink-0">
          <Select aria-label={t`Status`} value={status} onChange={(e) => onStatusChange(e.target.value as StatusFilter)}>
            <option value="all">{t`All Status`}</option>
            {STATUSES.map((s) => <option key={s.value} value={s.value}>{i18n._(s.label)}</option>)}
          </Select>
        </div>
      </div>
      {!items.length ? (
        <EmptyState title={t`Your Humidor is Empty`} text={t`Add the cigars you keep to follow their aging.`}>
          {addButton}
        </EmptyState>
      ) : !shown.length ? (
        <EmptyState title={t`No Items Found`} text={t`Try adjusting your search or filters`} />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {shown.slice(0, limit).map((i) => <li key={i.id} className="flex min-w-0"><ItemCard item={i} now={now} /></li>)}
          </ul>
          {shown.length > limit ? (
            <div className="mt-4 flex flex-col items-center gap-2">
              <p className="text-sm text-muted" aria-live="polite"><Trans>Showing {drawn} of {total} cigars</Trans></p>
              <Button variant="outline" onClick={showMore}><Trans>Show more</Trans></Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
