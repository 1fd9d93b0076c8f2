import { createFileRoute } from '@tanstack/react-router';
import { aiUsageQuery } from '@/features/ai/api/get-ai-usage';
import { RecommendationsPage } from '@/features/ai/components/recommendations-page';

export const Route = createFileRoute('/_authenticated/recommendations')({
  loader: ({ context }) => context.queryClient.ensureQueryData(aiUsageQuery),
  component: RecommendationsPage,
});
