import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router';
import { HumidorStatus } from '@torcedor/shared/schemas/humidor';
import * as z from 'zod';
import { conditionsQuery } from '@/features/humidor/api/get-conditions';
import { humidorQuery } from '@/features/humidor/api/get-humidor';
import { humidorSummaryQuery } from '@/features/humidor/api/get-humidor-summary';
import { wishlistQuery } from '@/features/humidor/api/get-wishlist';
import { HumidorPage, type HumidorView } from '@/features/humidor/components/humidor-page';

/** The page's tab and filters when the URL names none: left out of the URL, so a plain /humidor stays clean. */
const VIEW_DEFAULTS = { tab: 'humidor', q: '', status: 'all' } as const satisfies HumidorView;

/**
 * `add`: a catalog cigar id to open Add Cigar with (sent by the search page). `tab`, `q` and `status`: the
 * open tab, the items' text search and status filter, so a reload or a shared link shows the same view.
 * A value that is not valid falls back to its default instead of failing the page.
 */
const Search = z.object({
  add: z.string().min(1).max(80).optional().catch(undefined),
  tab: z.enum(['humidor', 'wishlist']).default(VIEW_DEFAULTS.tab).catch(VIEW_DEFAULTS.tab),
  q: z.string().max(100).default(VIEW_DEFAULTS.q).catch(VIEW_DEFAULTS.q),
  status: z.union([z.literal('all'), HumidorStatus]).default(VIEW_DEFAULTS.status).catch(VIEW_DEFAULTS.status),
});

export const Route = createFileRoute('/_authenticated/humidor')({
  validateSearch: Search,
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
