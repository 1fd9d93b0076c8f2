import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { ABOVE_TAB_BAR } from '@/components/layout/above-tab-bar';
import { dismissToast, useToast, type Toast } from '@/lib/toast';
import { chooseToastSide, type Box, type ToastSide } from '@/lib/toast-placement';
import { cn } from '@/lib/cn';

const FIELD = 'input, textarea, select, [contenteditable="true"]';

/** What the toast must not cover now: the form it speaks about and the field in use. */
function toAvoid(t: Toast): Box[] {
  const boxes: Box[] = [];
  if (t.about?.isConnected) boxes.push(t.about.getBoundingClientRect());
  const focused = document.activeElement;
  if (focused && focused !== t.about && focused.matches(FIELD)) boxes.push(focused.getBoundingClientRect());
  return boxes;
}

/**
 * The side the shown toast takes, worked out again as the page scrolls or the window changes size, so it never covers
 * the form it speaks about (lib/toast-placement.ts).
 */
function useToastSide(t: Toast | null, box: RefObject<HTMLDivElement | null>): ToastSide | null {
  const [side, setSide] = useState<ToastSide | null>(null);
  useLayoutEffect(() => {
    if (!t) return;
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const height = box.current?.offsetHeight ?? 0;
        setSide(chooseToastSide({ width: window.innerWidth, height: window.innerHeight }, height, toAvoid(t)));
      });
    };
    const height = box.current?.offsetHeight ?? 0;
    setSide(chooseToastSide({ width: window.innerWidth, height: window.innerHeight }, height, toAvoid(t)));
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place);
    };
  }, [t, box]);
  return side;
}

/**
 * The one visible notification (docs/product.md, "Messages"): under the header on a phone, at the bottom right from
 * 768 px, and on the other side when the usual one would cover the form it speaks about.
 */
export function Toaster() {
  const { t: translate } = useLingui();
  const t = useToast();
  const box = useRef<HTMLDivElement>(null);
  const side = useToastSide(t, box) ?? 'top';
  // Tests render the toaster without a router: a link then opens as a plain one.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  return (
    <div
      aria-live="polite" role="status" data-side={t ? side : undefined}
      className={cn(
        'pointer-events-none fixed right-4 z-[60] w-[min(24rem,calc(100vw-2rem))]',
        side === 'top' ? 'top-[calc(4.5rem+env(safe-area-inset-top))]' : ABOVE_TAB_BAR,
      )}
    >
      {t ? (
        <div
          ref={box}
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
          <button type="button" onClick={dismissToast} className="absolute right-3 top-3 text-muted hover:text-fg" aria-label={translate`Dismiss notification`}>
            <X className="h-4 w-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
