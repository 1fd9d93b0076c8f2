import { localTimeZone } from '@torcedor/shared/formatters';
import { cn } from './cn';

/**
 * One-time costs a signed-in page's first render would otherwise pay inside its one long task, paid instead while
 * the page waits for its code and its data (docs/decisions.md, "Web client"). Each step runs in an idle callback of
 * its own, so none holds the main thread longer than it alone takes (measured with the CPU 4x slower):
 * - tailwind-merge builds its class table on its first call (~37 ms);
 * - the page's first Intl call loads the locale data, whatever the formatter (60-95 ms; later ones take 1-25 ms).
 *   localTimeZone() is that call, and the humidor asks for it on every render.
 */
export const WARM_UP_STEPS: readonly (() => unknown)[] = [
  () => cn('p-1', 'p-2'),
  () => localTimeZone(),
];

type Idle = (run: () => void) => unknown;
const whenIdle: Idle = (run) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run) : setTimeout(run, 0));

/** Runs `steps` one per idle callback, in order. */
export function warmUp(steps: readonly (() => unknown)[] = WARM_UP_STEPS, idle: Idle = whenIdle): void {
  const next = (i: number) => {
    if (i < steps.length) idle(() => {
      steps[i]!();
      next(i + 1);
    });
  };
  next(0);
}
