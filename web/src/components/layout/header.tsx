import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { routes } from '@torcedor/shared/routes';
import { Bell, Menu, Search, X } from 'lucide-react';
import { DropdownMenu, Popover } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { currentUserQuery } from '@/lib/current-user';
import { displayName } from '@torcedor/shared/formatters';

const link = 'rounded-md px-3 py-2 text-sm font-medium text-muted no-underline hover:text-fg';
const active = { className: 'text-primary' };

function SearchBox({ onDone }: { onDone?: () => void }) {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (!query) return;
    void navigate({ to: '/search', search: { q: query } });
    onDone?.();
  };
  return (
    <form role="search" onSubmit={submit} className="relative">
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
      <input
        aria-label="Search cigars and brands"
        placeholder="Search cigars, brands…"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        className="h-9 w-full rounded-full border border-border bg-surface-2 pl-9 pr-3 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none md:w-56"
      />
    </form>
  );
}

/** The site header (docs/product.md, "Screens"), signed in or logged out. */
export function Header() {
  const { data: user } = useQuery(currentUserQuery);
  const [open, setOpen] = useState(false);
  const nav = user
    ? [
        { to: '/', label: 'Feed' },
        { to: '/events', label: 'Events' },
        { to: '/humidor', label: 'Humidor' },
        { to: '/recommendations', label: 'AI Recommendations' },
        { to: '/learn', label: 'Learn' },
        { to: '/subscription', label: 'Premium' },
        ...(user.isOwner ? [{ to: '/marketing', label: 'Marketing' }] : []),
      ] as const
    : [];

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-bg/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to="/" className="font-serif text-2xl font-bold text-primary no-underline">Torcedor</Link>
        {user ? (
          <>
            <nav aria-label="Main" className="hidden flex-1 items-center lg:flex">
              {nav.map((n) => (
                <Link key={n.to} to={n.to} className={link} activeProps={active} activeOptions={{ exact: n.to === '/' }}>{n.label}</Link>
              ))}
            </nav>
            <div className="ml-auto hidden md:block"><SearchBox /></div>
            <Popover.Root>
              <Popover.Trigger className="rounded-full p-2 text-muted hover:text-fg" aria-label="Notifications">
                <Bell className="h-5 w-5" />
              </Popover.Trigger>
              <Popover.Portal>
                <Popover.Content align="end" sideOffset={8} className="z-50 w-72 rounded-lg border border-border bg-surface p-4 text-sm shadow-xl">
                  <p className="font-semibold">Notifications</p>
                  <p className="mt-2 text-muted">You are all caught up.</p>
                </Popover.Content>
              </Popover.Portal>
            </Popover.Root>
            <DropdownMenu.Root>
              <DropdownMenu.Trigger className="flex h-9 w-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-fg" aria-label="Account menu">
                {displayName(user).slice(0, 1).toUpperCase()}
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-lg border border-border bg-surface p-1 shadow-xl">
                  <div className="px-3 py-2">
                    <p className="font-semibold">{displayName(user)}</p>
                    {user.email ? <p className="text-sm text-muted">{user.email}</p> : <p className="text-sm text-muted">Trial member</p>}
                  </div>
                  <DropdownMenu.Separator className="my-1 h-px bg-border" />
                  <DropdownMenu.Item asChild>
                    <Link to="/profile/{-$id}" params={{ id: undefined }} className="block rounded px-3 py-2 text-sm no-underline outline-none data-[highlighted]:bg-surface-2">Profile</Link>
                  </DropdownMenu.Item>
                  <DropdownMenu.Item asChild>
                    <Link to="/settings" className="block rounded px-3 py-2 text-sm no-underline outline-none data-[highlighted]:bg-surface-2">Settings</Link>
                  </DropdownMenu.Item>
                  <DropdownMenu.Item asChild>
                    <a href={routes.logout.path} className="block rounded px-3 py-2 text-sm no-underline outline-none data-[highlighted]:bg-surface-2">Log out</a>
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
            <button type="button" className="rounded p-2 lg:hidden" aria-label={open ? 'Close menu' : 'Open menu'} aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
            </button>
          </>
        ) : (
          <a href={routes.loginPage.path} className={buttonClass('primary', 'sm', 'ml-auto no-underline')}>Sign In</a>
        )}
      </div>
      {user && open ? (
        <nav aria-label="Mobile" className="border-t border-border px-4 pb-4 lg:hidden">
          <div className="py-3 md:hidden"><SearchBox onDone={() => setOpen(false)} /></div>
          {[...nav, { to: '/settings', label: 'Settings' } as const].map((n) => (
            <Link key={n.to} to={n.to} onClick={() => setOpen(false)} className={cn(link, 'block')} activeProps={active} activeOptions={{ exact: n.to === '/' }}>{n.label}</Link>
          ))}
          <Link to="/profile/{-$id}" params={{ id: undefined }} onClick={() => setOpen(false)} className={cn(link, 'block')}>Profile</Link>
        </nav>
      ) : null}
    </header>
  );
}
