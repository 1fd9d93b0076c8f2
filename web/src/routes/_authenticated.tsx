import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { currentUserQuery } from '@/lib/current-user';
import { handleUnauthorized } from '@/lib/unauthorized';

/**
 * Every signed-in screen sits under this pathless layout. A logged-out visitor gets the logged-out rule
 * of spec section 8 (toast, then /api/login after 500 ms); the server checks every call again anyway.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery);
    if (!user) {
      handleUnauthorized('read');
      throw redirect({ to: '/', search: { auth: 'login' } });
    }
    return { user };
  },
  component: () => (
    <main className="mx-auto w-full max-w-7xl px-4 py-8">
      <Outlet />
    </main>
  ),
});
