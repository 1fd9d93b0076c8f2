import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LEARN_CATEGORIES } from '@torcedor/shared/schemas/ai';
import * as z from 'zod';
import { learnLibraryQuery } from '@/features/learn/api/get-learn-library';
import { LearnPage, type LearnSearch } from '@/features/learn/components/learn-page';

/**
 * `category` filters the cards; `lesson` opens a masterclass's dialog, so /learn?lesson={id} is a shareable link to it
 * (for a member who may read it). Anything else is ignored, and a default is left out of the URL.
 */
const Search = z.object({
  category: z.enum(LEARN_CATEGORIES).optional().catch(undefined),
  lesson: z.string().max(100).optional().catch(undefined).transform((v) => v || undefined),
});

export const Route = createFileRoute('/_authenticated/learn')({
  validateSearch: Search,
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
