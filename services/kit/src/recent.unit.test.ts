import { describe, expect, it } from 'vitest';
import { recentReads } from './recent.ts';

describe('recentReads', () => {
  const clock = () => { let t = 0; return { now: () => t, advance: (ms: number) => { t += ms; } }; };

  it('answers from the last read within ttlMs, and reads again after it', async () => {
    const c = clock();
    const recent = recentReads<number>({ ttlMs: 1000, max: 10, now: c.now });
    let reads = 0;
    const read = async () => ++reads;
    expect(await recent.get('a', read)).toBe(1);
    c.advance(999);
    expect(await recent.get('a', read)).toBe(1);
    c.advance(1);
    expect(await recent.get('a', read)).toBe(2);
    expect(await recent.get('b', read)).toBe(3);
  });

  it('shares one read between concurrent misses of a key', async () => {
    const recent = recentReads<string>({ ttlMs: 1000, max: 10 });
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const read = async () => { reads++; await gate; return 'v'; };
    const all = Promise.all([recent.get('k', read), recent.get('k', read), recent.get('k', read)]);
    release();
    expect(await all).toEqual(['v', 'v', 'v']);
    expect(reads).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const recent = recentReads<string>({ ttlMs: 1000, max: 10 });
    await expect(recent.get('k', () => Promise.reject(new Error('throttled')))).rejects.toThrow('throttled');
    expect(await recent.get('k', async () => 'ok')).toBe('ok');
  });

  it("makes this instance's own change count at once (forget)", async () => {
    const recent = recentReads<string>({ ttlMs: 1000, max: 10 });
    expect(await recent.get('k', async () => 'old')).toBe('old');
    expect(await recent.get('k', async () => 'read')).toBe('old');
    recent.forget('k');
    expect(await recent.get('k', async () => 'read again')).toBe('read again');
  });

  it('holds at most max keys', async () => {
    const recent = recentReads<string>({ ttlMs: 1000, max: 2 });
    let reads = 0;
    const read = async () => `r${++reads}`;
    await recent.get('a', read);
    await recent.get('b', read);
    await recent.get('c', read); // full: forgets what it held
    expect(await recent.get('a', read)).toBe('r4');
  });
});
