import { Trans, useLingui } from '@lingui/react/macro';
import { AlertDialog, Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

const overlay = 'fixed inset-0 z-40 bg-black/70 backdrop-blur-sm';
const panel = 'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-surface p-6 shadow-2xl';

export function DialogContent({ title, description, children, className, hideClose }: {
  title: string; description?: ReactNode; children: ReactNode; className?: string; hideClose?: boolean;
}) {
  const { t } = useLingui();
  return (
    <D.Portal>
      <D.Overlay className={overlay} />
      <D.Content className={cn(panel, 'max-w-lg', className)} aria-describedby={description ? undefined : undefined}>
        <D.Title className="font-serif text-2xl font-bold">{title}</D.Title>
        {description ? <D.Description className="mt-1 text-muted">{description}</D.Description> : <D.Description className="sr-only">{title}</D.Description>}
        <div className="mt-4">{children}</div>
        {hideClose ? null : (
          <D.Close className="absolute right-4 top-4 rounded p-1 text-muted hover:text-fg" aria-label={t`Close`}>
            <X className="h-5 w-5" />
          </D.Close>
        )}
      </D.Content>
    </D.Portal>
  );
}

/** A yes/no question before a destructive action. */
export function ConfirmDialog({ open, onOpenChange, title, text, confirmLabel, onConfirm, pending }: {
  open: boolean; onOpenChange: (open: boolean) => void; title: string; text: string; confirmLabel: string; onConfirm: () => void; pending?: boolean;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={cn(panel, 'max-w-md')}>
          <AlertDialog.Title className="font-serif text-xl font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">{text}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild><Button variant="outline"><Trans>Cancel</Trans></Button></AlertDialog.Cancel>
            <Button variant="danger" disabled={pending} onClick={onConfirm}>{confirmLabel}</Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
