import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { searchCatalogQuery } from '@/lib/api/search-catalog';
import { SearchPage } from '@/features/search/components/search-page';

/** `q` is read on load (docs/product.md, "Screens"). */
const Search = z.object({ q: z.string().max(100).optional().catch(undefined) });

export const Route = createFileRoute('/_authenticated/search')({
  validateSearch: Search,
  loaderDeps: ({ search }) => ({ q: search.q?.trim() ?? '' }),
  // Starts the search with the route; a failure is shown by the page (a toast), not an error screen.
  loader: ({ context: { queryClient }, deps }) => (deps.q ? queryClient.prefetchQuery(searchCatalogQuery(deps.q)) : undefined),
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <SearchPage q={q ?? ''} />;
}
