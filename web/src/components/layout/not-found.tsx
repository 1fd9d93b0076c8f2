import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '@/components/ui/button';

export function NotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-4xl font-bold"><Trans>404 Page Not Found</Trans></h1>
      <p className="mt-3 text-muted"><Trans>The page you are looking for does not exist or has moved.</Trans></p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}><Trans>Back to Torcedor</Trans></Link>
    </main>
  );
}
