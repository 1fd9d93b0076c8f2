import { UPLOADS_PREFIX } from '@torcedor/shared/constants';
import { uploadUrl } from '@torcedor/shared/schemas/social';
import { cn } from '@/lib/cn';

/** Where a picture loads from: an upload's objectPath is served at `/<objectPath>`; a URL is used as is. */
const pictureSrc = (url: string) => (url.startsWith(`${UPLOADS_PREFIX}/`) ? uploadUrl(url) : url);

/** The other member's picture, else the first letter of their name (decorative: the name is shown beside it). */
export function MemberAvatar({ name, imageUrl, className }: { name: string; imageUrl: string | null; className?: string }) {
  const box = cn('flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-bold text-primary-fg', className);
  if (imageUrl) return <img src={pictureSrc(imageUrl)} alt="" aria-hidden className={cn(box, 'object-cover')} loading="lazy" />;
  return <div className={box} aria-hidden>{name.trim().slice(0, 1).toUpperCase() || '?'}</div>;
}
