import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('skips falsy values', () => {
    expect(cn('a', false, null, undefined, 'b', { c: true, d: false })).toBe('a b c');
  });
  it('lets the later class win a Tailwind conflict (a caller overrides a primitive)', () => {
    expect(cn('rounded-xl border bg-surface p-5 shadow-sm', 'flex items-center p-3')).toBe('rounded-xl border bg-surface shadow-sm flex items-center p-3');
    expect(cn('max-h-[90vh] max-w-lg', 'max-w-2xl')).toBe('max-h-[90vh] max-w-2xl');
    expect(cn('inline-flex gap-1 p-1', 'grid w-full grid-cols-3')).toBe('gap-1 p-1 grid w-full grid-cols-3');
  });
  it('keeps the theme colours apart from the font sizes', () => {
    expect(cn('text-sm text-muted', 'text-danger')).toBe('text-sm text-danger');
  });
});
