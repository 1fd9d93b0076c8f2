import { createFileRoute } from '@tanstack/react-router';
import { loadRecommendations } from '@/features/ai/api/load-recommendations';
import { RecommendationsPage } from '@/features/ai/components/recommendations-page';

export const Route = createFileRoute('/_authenticated/recommendations')({
  loader: ({ context: { queryClient }, preload }) => loadRecommendations(queryClient, { refresh: !preload }),
  component: RecommendationsPage,
});
