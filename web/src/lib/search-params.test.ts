import { describe, expect, it } from 'vitest';
import { flag, oneOf, text } from './search-params';

describe('search parameter readers', () => {
  it('oneOf keeps a listed value and gives the fallback for anything else', () => {
    const tabs = ['posts', 'reviews'] as const;
    expect(oneOf('reviews', tabs, 'posts')).toBe('reviews');
    expect(oneOf('collection', tabs, 'posts')).toBe('posts');
    expect(oneOf(undefined, tabs, 'posts')).toBe('posts');
    expect(oneOf(['posts'], tabs, 'posts')).toBe('posts');
    expect(oneOf('nope', tabs)).toBeUndefined();
    expect(oneOf(1, [1] as const)).toBe(1);
    expect(oneOf('1', [1] as const)).toBeUndefined();
  });

  it('text keeps 1 to max characters, reads a number as its digits, and drops the rest', () => {
    expect(text('Padrón', 100)).toBe('Padrón');
    expect(text(1926, 100)).toBe('1926');
    expect(text('', 100)).toBeUndefined();
    expect(text('x'.repeat(101), 100)).toBeUndefined();
    expect(text('x'.repeat(100), 100)).toBe('x'.repeat(100));
    expect(text({ q: 1 }, 100)).toBeUndefined();
    expect(text(Number.NaN, 100)).toBeUndefined();
    expect(text(true, 100)).toBeUndefined();
  });

  it('flag is true for true only', () => {
    expect(flag(true)).toBe(true);
    expect(flag('true')).toBeUndefined();
    expect(flag(1)).toBeUndefined();
    expect(flag(undefined)).toBeUndefined();
  });
});
