import { createFileRoute, redirect } from '@tanstack/react-router';
import { LogoutPage } from '@/features/auth/components/logout-page';
import { currentUserQuery } from '@/lib/current-user';

/** The page with the Log out button (GET /api/logout lands here); a visitor who is not signed in goes home. */
export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ context }) => {
    if (!(await context.queryClient.ensureQueryData(currentUserQuery))) throw redirect({ to: '/' });
  },
  component: LogoutPage,
});
