import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { VerifyEmailBanner } from '@/components/layout/verify-email-banner';
import { currentUserQuery } from '@/lib/current-user';
import { followMemberLanguage } from '@/lib/i18n';
import { announceLoggedOut } from '@/lib/unauthorized';

/**
 * Every signed-in screen sits under this pathless layout. A logged-out visitor gets the logged-out rule
 * of docs/product.md, "Messages" (toast, then the login after 500 ms) and lands on the login dialog, which returns to
 * the page asked for (path and search, as `redirect`) once logged in. The server checks every call again anyway.
 * A member whose address is not verified yet sees the banner that verifies it above every page. The app speaks the
 * member's saved language, following each new read of it (Settings saving another one applies at once: docs/i18n.md).
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery);
    if (!user) {
      await announceLoggedOut();
      throw redirect({ to: '/', search: { auth: 'login', redirect: location.href } });
    }
    return { user };
  },
  component: MemberLayout,
});

function MemberLayout() {
  const { data: user } = useQuery(currentUserQuery);
  const language = user?.language;
  useEffect(() => followMemberLanguage(language), [language]);
  return (
    <>
      <VerifyEmailBanner />
      <main className="mx-auto w-full max-w-7xl px-4 py-8">
        <Outlet />
      </main>
    </>
  );
}
