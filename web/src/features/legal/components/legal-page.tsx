import { useRouter } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/date-time';

/** When the legal texts last changed (a fixed date: the texts are versioned with the code). */
const LEGAL_LAST_UPDATED = '2026-11-23';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const router = useRouter();
  const back = () => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/' }));
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Button variant="ghost" onClick={back} className="-ml-3"><ArrowLeft className="h-4 w-4" aria-hidden /> Back</Button>
      <h1 className="mt-4 text-4xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-muted">Last updated: <time dateTime={LEGAL_LAST_UPDATED}>{formatDate(LEGAL_LAST_UPDATED)}</time></p>
      <div className="mt-8 space-y-6 leading-relaxed text-fg/90 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_li]:ml-5 [&_li]:list-disc [&_p]:text-muted [&_li]:text-muted">
        {children}
      </div>
    </main>
  );
}
