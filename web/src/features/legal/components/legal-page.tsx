import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/date-time';

/** When the legal texts last changed (a fixed date: the texts are versioned with the code). */
const LEGAL_LAST_UPDATED = '2026-11-23';

/** A legal page's frame: `title` and `children` come translated (each paragraph one message). */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  // The date is written while rendering: re-render in a new language.
  useLingui();
  const router = useRouter();
  const back = () => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/' }));
  const updated = formatDate(LEGAL_LAST_UPDATED);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Button variant="ghost" onClick={back} className="-ml-3"><ArrowLeft className="h-4 w-4" aria-hidden /> <Trans>Back</Trans></Button>
      <h1 className="mt-4 hyphens-auto break-words text-4xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-muted"><Trans>Last updated: <time dateTime={LEGAL_LAST_UPDATED}>{updated}</time></Trans></p>
      <div className="mt-8 space-y-6 leading-relaxed text-fg/90 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_li]:ml-5 [&_li]:list-disc [&_p]:text-muted [&_li]:text-muted">
        {children}
      </div>
    </main>
  );
}
