import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useState, type JSX } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { prefetchOnIntent } from '@/lib/prefetch-on-intent';
import type { ReportTarget } from './report-form';

// The form (react-hook-form, its zod resolver, the report schema) loads when the dialog is first opened, and is fetched
// as soon as the pointer or the focus reaches the button: a feed shows one Report button per post (docs/decisions.md,
// "First screen").
const loadReportForm = () => import('./report-form');
const ReportForm = lazy(() => loadReportForm().then((m) => ({ default: m.ReportForm })));
const reportIntent = prefetchOnIntent(loadReportForm);

/** A small 'Report' button opening a dialog that sends the content (or member) to the moderation queue. */
export function ReportButton({ targetType, targetId, className }: { targetType: ReportTarget; targetId: string; className?: string }): JSX.Element {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const title = t({
    message: select(targetType, {
      post: 'Report this post', comment: 'Report this comment', review: 'Report this review', member: 'Report this member',
      message: 'Report this message', other: 'Report this content',
    }),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost" size="sm" aria-label={title} className={cn('text-muted', className)} {...reportIntent}
        >
          <Flag className="h-4 w-4" aria-hidden />
          <Trans>Report</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={t`Tell the moderators what is wrong. They will review it.`}>
        <Suspense fallback={<Skeleton className="h-40" />}>
          <ReportForm targetType={targetType} targetId={targetId} onDone={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
