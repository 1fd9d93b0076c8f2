import { createFileRoute, stripSearchParams, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { HUMIDOR_STATUSES } from '@torcedor/shared/constants';
import { conditionsQuery } from '@/features/humidor/api/get-conditions';
import { humidorQuery } from '@/features/humidor/api/get-humidor';
import { humidorSummaryQuery } from '@/features/humidor/api/get-humidor-summary';
import { wishlistQuery } from '@/features/humidor/api/get-wishlist';
import { HumidorPage, type HumidorView } from '@/features/humidor/components/humidor-page';
import { oneOf, text } from '@/lib/search-params';

/** The page's tab and filters when the URL names none: left out of the URL, so a plain /humidor stays clean. */
const VIEW_DEFAULTS = { tab: 'humidor', q: '', status: 'all' } as const satisfies HumidorView;

/**
 * `add`: a catalog cigar id to open Add Cigar with (sent by the search page). `tab`, `q` and `status`: the
 * open tab, the items' text search and status filter, so a reload or a shared link shows the same view.
 * A value that is not valid falls back to its default instead of failing the page.
 */
type Search = HumidorView & { add?: string };

const validateSearch = (s: Partial<Search> & SearchSchemaInput): Search => ({
  add: text(s.add, 80),
  tab: oneOf(s.tab, ['humidor', 'wishlist'], VIEW_DEFAULTS.tab),
  q: text(s.q, 100) ?? VIEW_DEFAULTS.q,
  status: oneOf(s.status, ['all', ...HUMIDOR_STATUSES], VIEW_DEFAULTS.status),
});

export const Route = createFileRoute('/_authenticated/humidor')({
  validateSearch,
  search: { middlewares: [stripSearchParams(VIEW_DEFAULTS)] },
  loader: ({ context: { queryClient } }) => Promise.all([
    queryClient.ensureQueryData(humidorQuery),
    queryClient.ensureQueryData(humidorSummaryQuery),
    queryClient.ensureQueryData(wishlistQuery),
    queryClient.ensureQueryData(conditionsQuery),
  ]),
  component: Humidor,
});

function Humidor() {
  const { add, tab, q, status } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // A new tab or status is a history entry; the typed text replaces the current one (no entry per keystroke).
  // The page stays where it is scrolled to.
  const changeView = (change: Partial<HumidorView>) =>
    navigate({ search: (prev) => ({ ...prev, ...change }), replace: 'q' in change, resetScroll: false });
  return (
    <HumidorPage
      key={add ?? ''}
      addCigarId={add}
      onAddClosed={() => void (add && navigate({ search: (prev) => ({ ...prev, add: undefined }), replace: true }))}
      view={{ tab, q, status }}
      onViewChange={changeView}
    />
  );
}
