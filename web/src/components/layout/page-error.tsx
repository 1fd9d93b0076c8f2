import { Trans } from '@lingui/react/macro';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { isUnauthorizedError } from '@/lib/unauthorized';

/** A page whose data could not be read: says so and offers a retry. */
export function PageError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();
  useEffect(() => reset(), [reset]);
  if (isUnauthorizedError(error)) return null;
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold"><Trans>Something went wrong</Trans></h1>
      <p className="mt-2 text-muted"><Trans>We could not load this page. Check your connection and try again.</Trans></p>
      <Button className="mt-6" onClick={() => void router.invalidate()}><Trans>Try again</Trans></Button>
    </main>
  );
}
