import { useRouter } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { dismissToast, useToast } from '@/lib/toast';
import { cn } from '@/lib/cn';

/** The one visible notification (docs/product.md, "Messages"). */
export function Toaster() {
  const t = useToast();
  // Tests render the toaster without a router: a link then opens as a plain one.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed bottom-4 right-4 z-[60] w-[min(24rem,calc(100vw-2rem))]">
      {t ? (
        <div
          key={t.id}
          data-testid="toast"
          className={cn(
            'pointer-events-auto relative rounded-lg border bg-surface p-4 pr-10 shadow-2xl',
            t.variant === 'error' ? 'border-danger' : t.variant === 'success' ? 'border-success' : 'border-border',
          )}
        >
          <p className="font-semibold">{t.title}</p>
          {t.description ? <p className="mt-1 whitespace-pre-wrap break-words text-sm text-muted">{t.description}</p> : null}
          {t.link ? (
            <a
              href={t.link.href}
              className="mt-2 inline-block text-sm font-medium text-primary"
              onClick={(e) => {
                if (!router || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                dismissToast();
                void router.navigate({ href: t.link!.href });
              }}
            >
              {t.link.label}
            </a>
          ) : null}
          <button type="button" onClick={dismissToast} className="absolute right-3 top-3 text-muted hover:text-fg" aria-label="Dismiss notification">
            <X className="h-4 w-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
