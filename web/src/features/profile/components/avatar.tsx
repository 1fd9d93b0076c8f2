import { cn } from '@/lib/cn';

/** A member's round picture, or the first letter of their name when they have none. */
export function Avatar({ name, imageUrl, className }: { name: string; imageUrl: string | null; className?: string }) {
  const base = cn('flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-4xl font-bold text-primary-fg', className);
  if (imageUrl) return <img src={imageUrl} alt={name} className={cn(base, 'object-cover')} />;
  return (
    <div className={base} role="img" aria-label={name}>
      <span aria-hidden>{name.slice(0, 1).toUpperCase()}</span>
    </div>
  );
}
