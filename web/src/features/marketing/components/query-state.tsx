import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';

/**
 * A tab's read: a placeholder while it loads, a retry when it failed, else `children` with the data. The tabs read
 * on demand (only the dashboard is loaded with the page), so each says for itself how its read went: `failed` is
 * that sentence, written (and translated) where the read is ('The drafts could not be loaded.').
 */
export function QueryState<T>({ query, failed, children, skeleton = 'h-48' }: {
  query: UseQueryResult<T>;
  failed: string;
  children: (data: T) => ReactNode;
  skeleton?: string;
}) {
  if (query.isPending) return <Skeleton className={skeleton} />;
  if (query.isError) {
    return (
      <Card role="alert">
        <p>{failed}</p>
        <Button variant="outline" className="mt-3" onClick={() => void query.refetch()} disabled={query.isFetching}><Trans>Try Again</Trans></Button>
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}
