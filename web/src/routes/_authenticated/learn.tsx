import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { LEARN_CATEGORIES } from '@torcedor/shared/constants';
import { learnLibraryQuery } from '@/features/learn/api/get-learn-library';
import { LearnPage, type LearnSearch } from '@/features/learn/components/learn-page';
import { oneOf, text } from '@/lib/search-params';

/**
 * `category` filters the cards; `lesson` opens a masterclass's dialog, so /learn?lesson={id} is a shareable link to it
 * (for a member who may read it). Anything else is ignored, and a default is left out of the URL.
 */
const validateSearch = (s: LearnSearch & SearchSchemaInput): LearnSearch => ({
  category: oneOf(s.category, LEARN_CATEGORIES),
  lesson: text(s.lesson, 100),
});

export const Route = createFileRoute('/_authenticated/learn')({
  validateSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(learnLibraryQuery),
  component: LearnRoute,
});

function LearnRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const change = (next: LearnSearch) =>
    void navigate({ search: { category: next.category, lesson: next.lesson || undefined }, replace: true, resetScroll: false });
  return <LearnPage search={search} onSearchChange={change} />;
}
