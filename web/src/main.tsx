import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarlyUserRead } from '@/lib/early-user';
import { createQueryClient } from '@/lib/query-client';
import { hasSignedInHint } from '@/lib/session-hints';
import { warmUp } from '@/lib/warm-up';
import { createAppRouter } from './router';
import './styles.css';

// A signed-in page sends the member's read now, while the code that reads its answer loads (docs/decisions.md,
// "First screen"), and pays its render's one-time costs while it waits.
startEarlyUserRead();
if (hasSignedInHint()) warmUp();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Installable and readable offline: the service worker registers once the page has loaded, from a chunk of its own
// (docs/installable.md).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void import('@/lib/pwa').then((m) => m.registerWhenIdle()), { once: true });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
