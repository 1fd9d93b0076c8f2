import { t } from '@lingui/core/macro';
import { toast } from './toast';

/**
 * The service worker's registration (docs/installable.md), loaded by main.tsx as a chunk of its own once the page has
 * loaded and the browser is idle: the first screen neither waits for it nor carries it.
 *
 * Updates: a new version installs beside the running one and waits; the page says so once and hands over when the
 * member leaves or reloads it, so the next load runs the new version and no page ever mixes two versions' files.
 */
export const SERVICE_WORKER_URL = '/sw.js';

/** Shown once when a new version is ready (in the app's language at that moment). */
export const newVersionNotice = () => ({
  title: t`A new version of Torcedor is ready`,
  description: t`It opens the next time you load the page.`,
});

/** Hands a waiting worker over when the page goes away; says once that it is there. */
function watchWaiting(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer): void {
  let announced = false;
  const onWaiting = (worker: ServiceWorker) => {
    if (announced) return;
    announced = true;
    toast(newVersionNotice());
    addEventListener('pagehide', () => worker.postMessage({ type: 'SKIP_WAITING' }), { once: true });
  };
  if (registration.waiting && container.controller) onWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // The very first install has no version to replace: it takes over on the next load by itself.
      if (installing.state === 'installed' && container.controller) onWaiting(installing);
    });
  });
}

export async function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): Promise<ServiceWorkerRegistration | null> {
  if (!container) return null;
  try {
    const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
    watchWaiting(registration, container);
    return registration;
  } catch {
    // No service worker (a private window, a browser setting): the app works online as before.
    return null;
  }
}

/** Registers the worker after the page's load, when the browser is idle (production builds only). */
export function registerWhenIdle(): void {
  const start = () => {
    const idle = globalThis.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1_000));
    idle(() => void registerServiceWorker());
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
