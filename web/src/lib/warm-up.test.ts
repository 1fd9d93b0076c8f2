import { describe, expect, it, vi } from 'vitest';
import { WARM_UP_STEPS, warmUp } from './warm-up';

describe('warmUp', () => {
  it('runs nothing at once, then one step per idle callback, in order', () => {
    const queued: (() => void)[] = [];
    const ran: string[] = [];
    warmUp([() => ran.push('a'), () => ran.push('b'), () => ran.push('c')], (run) => queued.push(run));
    expect(ran).toEqual([]);
    expect(queued).toHaveLength(1);
    queued.shift()!();
    expect(ran).toEqual(['a']);
    expect(queued).toHaveLength(1);
    queued.shift()!();
    queued.shift()!();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(queued).toHaveLength(0);
  });

  it('falls back to a timer where the browser has no requestIdleCallback, and its steps run without throwing', async () => {
    vi.useFakeTimers();
    try {
      const original = globalThis.requestIdleCallback;
      // @ts-expect-error removed as in a browser without it
      delete globalThis.requestIdleCallback;
      try {
        const step = vi.fn();
        warmUp([step, ...WARM_UP_STEPS]);
        expect(step).not.toHaveBeenCalled();
        await vi.runAllTimersAsync();
        expect(step).toHaveBeenCalledOnce();
      } finally {
        if (original) globalThis.requestIdleCallback = original;
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
