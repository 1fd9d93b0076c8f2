import { Link } from '@tanstack/react-router';
import { displayName } from '@torcedor/shared/formatters';
import type { User } from '@torcedor/shared/schemas/identity';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { MemberBadge } from '@/components/member-badge';
import { useLogOut } from '@/lib/api/log-out';
import { hasMemberBadge } from '@/lib/current-user';

const item = 'block rounded px-3 py-2 text-sm text-fg no-underline outline-none data-[highlighted]:bg-surface-2';

/** The pages a member reaches from the account menu, besides Profile, Settings and Support. */
export type MenuLink = { to: '/recommendations' | '/learn' | '/subscription' | '/messages' | '/marketing' | '/moderation'; label: string };

/** The pages of the main navigation the phone's tab bar has no tab for (docs/product.md, "Screens"). */
export const menuLinks = (user: User): MenuLink[] => [
  { to: '/recommendations', label: 'AI Recommendations' },
  { to: '/learn', label: 'Learn' },
  { to: '/subscription', label: 'Premium' },
  ...(user.isOwner ? [{ to: '/marketing', label: 'Marketing' } as const, { to: '/moderation', label: 'Moderation' } as const] : []),
];

/**
 * The member's menu: who is signed in, Profile, Settings, Support and Log out (and, on a phone, the pages the tab bar
 * has no tab for: `links`). Not modal, so opening it hides nothing from assistive tools. `trigger` is the button
 * that opens it (the avatar in the header, the Menu tab on a phone); `side` where the list opens.
 */
export function AccountMenu({ user, trigger, links = [], side = 'bottom' }: {
  user: User; trigger: ReactNode; links?: readonly MenuLink[]; side?: 'top' | 'bottom';
}) {
  const logOut = useLogOut();
  return (
    <DropdownMenu.Root modal={false}>
      {trigger}
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end" side={side} sideOffset={8} collisionPadding={8}
          className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-56 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-xl"
        >
          <div className="px-3 py-2">
            <p className="flex items-center gap-1 font-semibold">{displayName(user)}<MemberBadge premium={hasMemberBadge(user)} /></p>
            {user.email ? <p className="break-all text-sm text-muted">{user.email}</p> : <p className="text-sm text-muted">Trial member</p>}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild>
            <Link to="/profile/{-$id}" params={{ id: undefined }} className={item}>Profile</Link>
          </DropdownMenu.Item>
          {links.map((l) => (
            <DropdownMenu.Item key={l.to} asChild>
              <Link to={l.to} className={item}>{l.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item asChild>
            <Link to="/settings" className={item}>Settings</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/support" className={item}>Support</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item disabled={logOut.isPending} onSelect={() => logOut.mutate()} className={`${item} cursor-pointer`}>
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The header's trigger of the account menu: the member's initial, with the premium badge. */
export function AvatarTrigger({ user }: { user: User }) {
  return (
    <span className="relative inline-flex">
      <DropdownMenu.Trigger className="flex h-9 w-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-fg" aria-label="Account menu">
        {displayName(user).slice(0, 1).toUpperCase()}
      </DropdownMenu.Trigger>
      <MemberBadge premium={hasMemberBadge(user)} className="absolute -right-1 -top-1.5 rounded-full bg-bg p-0.5" />
    </span>
  );
}
