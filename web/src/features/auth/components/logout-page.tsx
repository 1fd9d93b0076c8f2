import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useLogOut } from '@/lib/api/log-out';

/**
 * Where the old logout link (GET /api/logout) lands: logging out is a POST, which no other site can send for the
 * member, so a link only opens this page and the member confirms with the button.
 */
export function LogoutPage() {
  const { t } = useLingui();
  const logOut = useLogOut();
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 items-center px-4 py-16">
      <Card className="w-full text-center">
        <h1 className="text-2xl font-semibold"><Trans>Log out of Torcedor?</Trans></h1>
        <p className="mt-2 text-sm text-muted"><Trans>Logging out ends your session on this browser and on our servers.</Trans></p>
        <div className="mt-6 flex justify-center gap-2">
          <Link to="/" className={buttonClass('outline', 'md', 'no-underline')}><Trans>Cancel</Trans></Link>
          <Button onClick={() => logOut.mutate()} disabled={logOut.isPending}>
            <LogOut className="h-4 w-4" aria-hidden />{logOut.isPending ? t`Logging out...` : t`Log out`}
          </Button>
        </div>
      </Card>
    </main>
  );
}
