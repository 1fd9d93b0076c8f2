import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

/** The alt text of photo `i` of `count` of something: "Photo 2 of 3 of <subject>" (call it while rendering). */
export function photoAlt(subject: string, i: number, count: number): string {
  const position = i + 1;
  return count > 1 ? translate`Photo ${position} of ${count} of ${subject}` : translate`Photo of ${subject}`;
}

/**
 * A larger view of one of `photos`, open while `index` is not null: Previous and Next (and the arrow keys) move
 * through them; Escape or Close leaves. Focus stays in the dialog and returns to the thumbnail that opened it.
 */
export function PhotoViewer({ photos, subject, index, onIndexChange }: {
  photos: readonly string[]; subject: string; index: number | null; onIndexChange: (index: number | null) => void;
}) {
  const { t } = useLingui();
  const count = photos.length;
  const at = index === null ? 0 : Math.min(index, count - 1);
  const position = at + 1;
  const step = (by: number) => onIndexChange((at + by + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowRight') { e.preventDefault(); step(1); }
    if (e.key === 'ArrowLeft') { e.preventDefault(); step(-1); }
  };
  const src = photos[at];
  return (
    <Dialog open={index !== null && src !== undefined} onOpenChange={(o) => { if (!o) onIndexChange(null); }}>
      <DialogContent title={subject} description={count > 1 ? t`Photo ${position} of ${count}` : undefined} className="max-w-3xl">
        <div onKeyDown={onKeyDown}>
          {src ? <img src={src} alt={photoAlt(subject, at, count)} className="mx-auto max-h-[65vh] w-auto rounded-lg object-contain" /> : null}
          {count > 1 ? (
            <div className="mt-4 flex justify-between gap-2">
              <Button variant="outline" size="sm" onClick={() => step(-1)}><ChevronLeft className="h-4 w-4" aria-hidden /><Trans>Previous</Trans></Button>
              <Button variant="outline" size="sm" onClick={() => step(1)}><Trans>Next</Trans><ChevronRight className="h-4 w-4" aria-hidden /></Button>
            </div>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Photos as thumbnails, each a button opening the larger view (its name is the photo's alt text). A photo that fails
 * to load leaves the row instead of showing a broken image.
 */
export function PhotoGallery({ photos, subject, className, size = 'md' }: {
  photos: readonly string[]; subject: string; className?: string; size?: 'sm' | 'md';
}) {
  const { t } = useLingui();
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const shown = photos.filter((p) => !failed.has(p));
  if (!shown.length) return null;
  return (
    <>
      <ul className={cn('flex flex-wrap gap-2', className)} aria-label={t`Photos of ${subject}`}>
        {shown.map((src, i) => (
          <li key={src}>
            <button
              type="button" onClick={() => setOpen(i)}
              className={cn('block overflow-hidden rounded-md border border-border hover:border-primary', size === 'sm' ? 'h-16 w-16' : 'h-24 w-24')}
            >
              <img
                src={src} alt={photoAlt(subject, i, shown.length)} loading="lazy" className="h-full w-full object-cover"
                onError={() => setFailed((f) => new Set(f).add(src))}
              />
            </button>
          </li>
        ))}
      </ul>
      <PhotoViewer photos={shown} subject={subject} index={open} onIndexChange={setOpen} />
    </>
  );
}
