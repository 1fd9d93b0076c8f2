import { useLingui } from '@lingui/react/macro';
import { displayName } from '@torcedor/shared/formatters';
import type { User } from '@torcedor/shared/schemas/identity';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/numbers';
import { Avatar } from './avatar';

/**
 * The home's profile column (docs/product.md, "Screens"). From 1024 px it shows its cards as they are; narrower, it
 * collapses to one row (the member, their humidor's count) that opens the cards, so the composer and the first post
 * are in the first screen of a phone.
 */
export function ProfilePanel({ user, children }: { user: User; children: ReactNode }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const id = useId();
  const name = displayName(user);
  const humidor = formatNumber(user.humidorCount);
  return (
    <aside aria-label={t`Your profile`} className="min-w-0">
      <button
        type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}
        className="flex min-h-11 w-full items-center gap-3 rounded-xl border border-border bg-surface px-3 py-1.5 text-left lg:hidden"
      >
        <Avatar name={name} imageUrl={user.profileImageUrl} className="h-8 w-8 text-sm" />
        <span className="min-w-0 flex-1 truncate font-semibold">{name}</span>
        <span className="shrink-0 text-xs text-muted">{t`${humidor} in humidor`}</span>
        <ChevronDown className={cn('h-4 w-4 shrink-0 text-muted transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      <div id={id} className={cn('space-y-4 lg:mt-0 lg:block', open ? 'mt-4' : 'hidden')}>{children}</div>
    </aside>
  );
}
