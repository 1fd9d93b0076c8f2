import { describe, expect, it } from 'vitest';
import { isSafeRedirect, loginHref, safeRedirect } from './safe-redirect';

describe('isSafeRedirect', () => {
  it.each([
    '/',
    '/humidor',
    '/humidor?tab=wishlist',
    '/humidor?tab=wishlist&q=cohiba%20siglo&status=owned',
    '/profile/7f3c?x=1#top',
    '/search?q=%22Padr%C3%B3n%22',
  ])('accepts the same-origin path %s', (target) => {
    expect(isSafeRedirect(target)).toBe(true);
    expect(safeRedirect(target)).toBe(target);
  });

  it.each([
    ['another host', '//evil.com'],
    ['another host with a path', '//evil.com/humidor'],
    ['a backslash host', '/\\evil.com'],
    ['a backslash anywhere', '/humidor\\..\\\\evil.com'],
    ['a backslash first', '\\\\evil.com'],
    ['an absolute URL', 'https://evil.com/humidor'],
    ['a scheme-relative http: URL', 'http:evil.com'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'humidor'],
    ['a dot path', './humidor'],
    ['a tab that browsers drop', '/\t/evil.com'],
    ['a newline that browsers drop', '/\n/evil.com'],
    ['a space', '/ /evil.com'],
    ['a control character', '/\u0000/evil.com'],
    ['an empty string', ''],
    ['a very long path', `/${'a'.repeat(2000)}`],
  ])('rejects %s', (_, target) => {
    expect(isSafeRedirect(target)).toBe(false);
    expect(safeRedirect(target)).toBeUndefined();
  });

  it.each([undefined, null, 42, ['/humidor'], { href: '/humidor' }])('rejects a value that is not a string (%s)', (target) => {
    expect(isSafeRedirect(target)).toBe(false);
  });
});

describe('loginHref', () => {
  it('asks the landing page to return to the page after logging in', () => {
    expect(loginHref('/humidor')).toBe('/?auth=login&redirect=%2Fhumidor');
    expect(loginHref('/humidor?tab=wishlist')).toBe('/?auth=login&redirect=%2Fhumidor%3Ftab%3Dwishlist');
  });

  it('is the plain login dialog without a page to return to', () => {
    expect(loginHref(undefined)).toBe('/?auth=login');
    expect(loginHref('/')).toBe('/?auth=login');
    expect(loginHref('//evil.com')).toBe('/?auth=login');
  });
});
