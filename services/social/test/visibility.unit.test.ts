import { describe, expect, it } from 'vitest';
import { ANY_MEMBER, canSee, followMatters } from '../src/domain/visibility.ts';

const author = (profileVisibility: 'public' | 'followers' | 'private', isHidden?: boolean) => ({ userId: 'a', profileVisibility, isHidden });

describe('canSee (docs/product.md, "Privacy")', () => {
  it.each([
    ['public', [true, true, true]],
    ['followers', [false, true, true]],
    ['private', [false, true, true]],
  ] as const)('a %s member is seen by [stranger, follower, themselves] = %j', (v, expected) => {
    const a = author(v);
    expect([canSee({ id: 's', follows: false }, a), canSee({ id: 'f', follows: true }, a), canSee({ id: 'a', follows: false }, a)]).toEqual(expected);
  });

  it('a member hidden by a moderator is seen by themselves only', () => {
    for (const v of ['public', 'followers', 'private'] as const) {
      const a = author(v, true);
      expect([canSee({ id: 's', follows: false }, a), canSee({ id: 'f', follows: true }, a), canSee({ id: 'a', follows: false }, a)]).toEqual([false, false, true]);
    }
  });

  it('any member (Discover Community) sees public, visible members only', () => {
    expect([author('public'), author('followers'), author('private'), author('public', true)].map((a) => canSee(ANY_MEMBER, a))).toEqual([true, false, false, false]);
  });

  it('following matters only for a visible, non-public member seen by someone else', () => {
    expect(followMatters('s', author('public'))).toBe(false);
    expect(followMatters('s', author('followers'))).toBe(true);
    expect(followMatters('s', author('private', true))).toBe(false);
    expect(followMatters('a', author('private'))).toBe(false);
  });
});
