import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
export type MenuLink = { to: '/recommendations' | '/learn' | '/subscription' | '/messages' | '/marketing' | '/moderation'; label: MessageDescriptor };

/** The main navigation's page names (the header's and the account menu's). */
export const PAGE_NAMES = {
  feed: msg({ message: 'Feed', context: 'page name' }),
  events: msg({ message: 'Events', context: 'page name' }),
  humidor: msg({ message: 'Humidor', context: 'page name' }),
  recommendations: msg({ message: 'AI Recommendations', context: 'page name' }),
  learn: msg({ message: 'Learn', context: 'page name' }),
  premium: msg({ message: 'Premium', context: 'page name' }),
  marketing: msg({ message: 'Marketing', context: 'page name' }),
  moderation: msg({ message: 'Moderation', context: 'page name' }),
  settings: msg({ message: 'Settings', context: 'page name' }),
  profile: msg({ message: 'Profile', context: 'page name' }),
  support: msg({ message: 'Support', context: 'page name' }),
  scan: msg({ message: 'Scan a Band', context: 'page name' }),
} satisfies Record<string, MessageDescriptor>;

/** The pages of the main navigation the phone's tab bar has no tab for (docs/product.md, "Screens"). */
export const menuLinks = (user: User): MenuLink[] => [
  { to: '/recommendations', label: PAGE_NAMES.recommendations },
  { to: '/learn', label: PAGE_NAMES.learn },
  { to: '/subscription', label: PAGE_NAMES.premium },
  ...(user.isOwner ? [{ to: '/marketing', label: PAGE_NAMES.marketing } as const, { to: '/moderation', label: PAGE_NAMES.moderation } as const] : []),
];

/**
 * The member's menu: who is signed in, Profile, Settings, Support and Log out (and, on a phone, the pages the tab bar
 * has no tab for: `links`). Not modal, so opening it hides nothing from assistive tools. `trigger` is the button
 * that opens it (the avatar in the header, the Menu tab on a phone); `side` where the list opens.
 */
export function AccountMenu({ user, trigger, links = [], side = 'bottom' }: {
  user: User; trigger: ReactNode; links?: readonly MenuLink[]; side?: 'top' | 'bottom';
}) {
  const { i18n } = useLingui();
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
            {user.email ? <p className="break-all text-sm text-muted">{user.email}</p> : <p className="text-sm text-muted"><Trans>Trial member</Trans></p>}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild>
            <Link to="/profile/{-$id}" params={{ id: undefined }} className={item}>{i18n._(PAGE_NAMES.profile)}</Link>
          </DropdownMenu.Item>
          {links.map((l) => (
            <DropdownMenu.Item key={l.to} asChild>
              <Link to={l.to} className={item}>{i18n._(l.label)}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item asChild>
            <Link to="/settings" className={item}>{i18n._(PAGE_NAMES.settings)}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/support" className={item}>{i18n._(PAGE_NAMES.support)}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item disabled={logOut.isPending} onSelect={() => logOut.mutate()} className={`${item} cursor-pointer`}>
            <Trans>Log out</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The header's trigger of the account menu: the member's initial, with the premium badge. */
export function AvatarTrigger({ user }: { user: User }) {
  const { t } = useLingui();
  return (
    <span className="relative inline-flex">
      <DropdownMenu.Trigger className="flex h-9 w-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-fg" aria-label={t`Account menu`}>
        {displayName(user).slice(0, 1).toUpperCase()}
      </DropdownMenu.Trigger>
      <MemberBadge premium={hasMemberBadge(user)} className="absolute -right-1 -top-1.5 rounded-full bg-bg p-0.5" />
    </span>
  );
}
