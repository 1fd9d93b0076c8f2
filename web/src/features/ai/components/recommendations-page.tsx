import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Sparkles } from 'lucide-react';
import { Badge, Card, PageTitle } from '@/components/ui/card';
import { aiUsageQuery } from '../api/get-ai-usage';

/** VitolAI's home: the member's daily allowance of AI recommendations. */
export function RecommendationsPage() {
  const { data: usage } = useSuspenseQuery(aiUsageQuery);
  return (
    <>
      <PageTitle title="AI Recommendations" subtitle="VitolAI (beta) answers questions about cigars, the club and your collection.">
        <Badge className="bg-primary/20 text-primary"><Sparkles className="mr-1 h-3.5 w-3.5" aria-hidden />AI Powered</Badge>
      </PageTitle>
      {usage.limit !== null ? (
        <Card className="flex flex-wrap items-center justify-between gap-3">
          <p>Free Tier: {usage.used}/{usage.limit} AI recommendations used today</p>
          <Link to="/subscription" className="text-primary">Upgrade Now</Link>
        </Card>
      ) : (
        <Card><p>Unlimited AI recommendations are included in your membership.</p></Card>
      )}
    </>
  );
}
