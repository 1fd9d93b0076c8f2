import { useLingui } from '@lingui/react/macro';
import { Skeleton } from '@/components/ui/card';

/** Placeholder skeletons while a page (or the signed-in user) loads. */
export function PageSkeleton() {
  const { t } = useLingui();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[16rem_1fr]" role="status" aria-busy="true" aria-label={t`Loading`}>
      <div className="space-y-4">
        <Skeleton className="h-40" />
        <Skeleton className="h-28" />
      </div>
      <div className="space-y-4">
        <Skeleton className="h-10 w-1/3" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    </div>
  );
}
