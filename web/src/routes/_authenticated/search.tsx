import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { searchCatalogQuery } from '@/lib/api/search-catalog';
import { SearchPage } from '@/features/search/components/search-page';
import { text } from '@/lib/search-params';

/** `q` is read on load (docs/product.md, "Screens"). */
const validateSearch = (s: { q?: string } & SearchSchemaInput): { q?: string } => ({ q: text(s.q, 100) });

export const Route = createFileRoute('/_authenticated/search')({
  validateSearch,
  loaderDeps: ({ search }) => ({ q: search.q?.trim() ?? '' }),
  // Starts the search with the route; a failure is shown by the page (a toast), not an error screen.
  loader: ({ context: { queryClient }, deps }) => (deps.q ? queryClient.prefetchQuery(searchCatalogQuery(deps.q)) : undefined),
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <SearchPage q={q ?? ''} />;
}
