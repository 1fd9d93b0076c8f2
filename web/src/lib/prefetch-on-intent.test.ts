import { describe, expect, it, vi } from 'vitest';
import { prefetchOnIntent } from './prefetch-on-intent';

describe('prefetchOnIntent', () => {
  it('fetches on pointer and on focus, and leaves a failed fetch unreported (the opening shows it)', async () => {
    // A plain function: a vi.fn would itself attach to the promise it returns (to record how it settled).
    let calls = 0;
    const load = () => {
      calls += 1;
      return Promise.reject(new Error('offline'));
    };
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { onPointerEnter, onFocus } = prefetchOnIntent(load);
    onPointerEnter();
    onFocus();
    await new Promise((r) => setTimeout(r, 20));
    process.off('unhandledRejection', unhandled);
    expect(calls).toBe(2);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
