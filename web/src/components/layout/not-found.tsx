import { Link } from '@tanstack/react-router';
import { buttonClass } from '@/components/ui/button';

export function NotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">404 Page Not Found</h1>
      <p className="mt-3 text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>Back to Torcedor</Link>
    </main>
  );
}
