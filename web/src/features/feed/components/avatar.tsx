import { cn } from '@/lib/cn';
import { mediaSrc } from './media-src';

/** A member's picture, else the first letter of their name (decorative: the name is always shown beside it). */
export function Avatar({ name, imageUrl, className }: { name: string; imageUrl: string | null; className?: string }) {
  const box = cn('flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-bold text-primary-fg', className);
  if (imageUrl) return <img src={mediaSrc(imageUrl)} alt="" aria-hidden className={cn(box, 'object-cover')} loading="lazy" />;
  return <div className={box} aria-hidden>{name.trim().slice(0, 1).toUpperCase() || '?'}</div>;
}
