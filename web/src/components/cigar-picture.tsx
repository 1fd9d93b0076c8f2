import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Images } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { CigarIllustration, type IllustratedCigar } from './cigar-illustration';
import { photoAlt, PhotoViewer } from './photo-gallery';

/**
 * A cigar's picture in a card or on its page: the first of its photos (the community's, or the member's own), else
 * the illustration drawn from its catalog fields. A photo that fails to load gives way to the illustration, so a
 * card never shows a broken image. With `zoomable`, the photo opens the larger view of all of them.
 */
export function CigarPicture({ cigar, photos = [], className, zoomable = false }: {
  cigar: IllustratedCigar; photos?: readonly (string | null | undefined)[]; className?: string; zoomable?: boolean;
}) {
  const { t } = useLingui();
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const shown = photos.filter((p): p is string => !!p && !failed.has(p));
  const photoCount = shown.length;
  const subject = `${cigar.brandName} ${cigar.name}`;
  const frame = cn('relative aspect-[5/2] w-full overflow-hidden rounded-lg bg-[#171210]', className);
  const first = shown[0];
  if (!first) return <div className={frame}><CigarIllustration cigar={cigar} /></div>;
  const img = (
    <img
      src={first} alt={photoAlt(subject, 0, shown.length)} loading="lazy" className="h-full w-full object-cover"
      onError={() => setFailed((f) => new Set(f).add(first))}
    />
  );
  if (!zoomable) return <div className={frame}>{img}</div>;
  return (
    <>
      <button type="button" onClick={() => setOpen(0)} className={cn(frame, 'block hover:ring-2 hover:ring-primary')}>
        {img}
        {shown.length > 1 ? (
          <span aria-hidden className="absolute bottom-2 right-2 inline-flex items-center gap-1 rounded-full bg-black/75 px-2 py-0.5 text-xs font-medium text-white">
            <Images className="h-3.5 w-3.5" aria-hidden />{t({ message: plural(photoCount, { one: '# photo', other: '# photos' }) })}
          </span>
        ) : null}
      </button>
      <PhotoViewer photos={shown} subject={subject} index={open} onIndexChange={setOpen} />
    </>
  );
}
