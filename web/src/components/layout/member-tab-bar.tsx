import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { displayName } from '@torcedor/shared/formatters';
import type { User } from '@torcedor/shared/schemas/identity';
import { Archive, CalendarDays, House, ScanLine, type LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { MemberBadge } from '@/components/member-badge';
import { hasMemberBadge } from '@/lib/current-user';
import { AccountMenu, menuLinks, PAGE_NAMES } from './account-menu';

const tabs: readonly { to: '/' | '/humidor' | '/scan' | '/events'; label: MessageDescriptor; icon: LucideIcon }[] = [
  { to: '/', label: PAGE_NAMES.feed, icon: House },
  { to: '/humidor', label: PAGE_NAMES.humidor, icon: Archive },
  { to: '/scan', label: msg({ message: 'Scan', context: 'tab' }), icon: ScanLine },
  { to: '/events', label: PAGE_NAMES.events, icon: CalendarDays },
];

const tab = 'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 px-1 text-[11px] font-medium text-muted no-underline outline-offset-[-2px] hover:text-fg';

/**
 * The phone's tab bar (below 768 px; docs/product.md, "Screens"): Feed, Humidor, Scan, Events and the member's menu,
 * fixed to the bottom above the home indicator (the safe-area inset). The current page's tab is gold and
 * `aria-current="page"` (the router's Link marks it). The header keeps search, messages and the bell.
 */
export function MemberTabBar({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  return (
    <nav
      aria-label={t`Tabs`}
      data-testid="tab-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-bg/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-lg items-stretch">
        {tabs.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex flex-1">
            <Link to={to} className={tab} activeProps={{ className: 'text-primary' }} activeOptions={{ exact: to === '/', includeSearch: false }}>
              <Icon className="h-6 w-6" aria-hidden />
              <span>{i18n._(label)}</span>
            </Link>
          </li>
        ))}
        <li className="flex flex-1">
          <AccountMenu
            user={user}
            side="top"
            links={menuLinks(user)}
            trigger={
              <DropdownMenu.Trigger className={`${tab} data-[state=open]:text-primary`}>
                <span aria-hidden className="relative flex h-6 w-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-fg">
                  {displayName(user).slice(0, 1).toUpperCase()}
                  <MemberBadge premium={hasMemberBadge(user)} className="absolute -right-2 -top-2 rounded-full bg-bg p-0.5" />
                </span>
                <span><Trans><span className="sr-only">Account</span> Menu</Trans></span>
              </DropdownMenu.Trigger>
            }
          />
        </li>
      </ul>
    </nav>
  );
}
