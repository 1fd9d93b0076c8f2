import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL } from './pwa';
import { dismissToast } from './toast';

vi.mock('./toast', async (original) => ({ ...(await original<typeof import('./toast')>()), toast: vi.fn() }));
const { toast } = await import('./toast');

/** A worker as the registration holds it: its state, its statechange listeners and the messages posted to it. */
class FakeWorker extends EventTarget {
  state = 'installing';
  posted: unknown[] = [];
  postMessage(m: unknown) { this.posted.push(m); }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function fakeContainer({ controller, waiting }: { controller: boolean; waiting?: FakeWorker }) {
  const registration = Object.assign(new EventTarget(), { waiting: waiting ?? null, installing: null as FakeWorker | null });
  const container = { controller: controller ? {} : null, register: vi.fn(async () => registration) } as unknown as ServiceWorkerContainer & { register: ReturnType<typeof vi.fn> };
  return { container, registration };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
  dismissToast();
});

describe('the service worker registration', () => {
  it('registers /sw.js for the whole site', async () => {
    const { container } = fakeContainer({ controller: false });
    await registerServiceWorker(container);
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('is no failure where service workers are refused', async () => {
    const container = { register: vi.fn(async () => { throw new DOMException('denied', 'SecurityError'); }) } as unknown as ServiceWorkerContainer;
    await expect(registerServiceWorker(container)).resolves.toBeNull();
    await expect(registerServiceWorker(undefined)).resolves.toBeNull();
  });

  it('announces a new version once and hands it over when the page goes away', async () => {
    const { container, registration } = fakeContainer({ controller: true });
    await registerServiceWorker(container);
    const next = new FakeWorker();
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    next.become('installed');
    next.become('installed');
    expect(toast).toHaveBeenCalledTimes(1);
    expect(vi.mocked(toast).mock.calls[0]![0].title).toBe('A new version of Torcedor is ready');
    expect(next.posted).toEqual([]);
    dispatchEvent(new Event('pagehide'));
    expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('hands over a version that was already waiting when the page loaded', async () => {
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    const { container } = fakeContainer({ controller: true, waiting });
    await registerServiceWorker(container);
    expect(toast).toHaveBeenCalledTimes(1);
    dispatchEvent(new Event('pagehide'));
    expect(waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('says nothing about the very first install: there is no version to replace', async () => {
    const { container, registration } = fakeContainer({ controller: false });
    await registerServiceWorker(container);
    const first = new FakeWorker();
    registration.installing = first;
    registration.dispatchEvent(new Event('updatefound'));
    first.become('installed');
    expect(toast).not.toHaveBeenCalled();
  });
});
