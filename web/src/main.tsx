import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarlyReads } from '@/lib/early-reads';
import { activateLanguage, i18n, initialLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { hasSignedInHint } from '@/lib/session-hints';
import { warmUp } from '@/lib/warm-up';
import { createAppRouter } from './router';
import './styles.css';

// A signed-in page's first reads are on their way already, sent by index.html's script (src/boot.ts), else sent now,
// while the code that reads their answers loads (docs/decisions.md, "First screen"); the page pays its render's
// one-time costs while it waits.
startEarlyReads();
if (hasSignedInHint()) warmUp();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Installable and readable offline: the service worker registers once the page has loaded, from a chunk of its own
// (docs/installable.md).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void import('@/lib/pwa').then((m) => m.registerWhenIdle()), { once: true });
}

// The first screen is drawn in the device's language (docs/i18n.md): its catalogs are fetched while the reads above
// travel (a visitor's landing page waits for its own areas' only). A signed-in member's saved language follows once
// their read answers (src/routes/_authenticated.tsx).
void activateLanguage(initialLanguage(), { remember: false, firstScreen: !hasSignedInHint() }).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  ),
);
