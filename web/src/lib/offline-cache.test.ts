import { describe, expect, it } from 'vitest';
import { changesSession, isKeepable, isSavedRead, SAVED_AT_HEADER, savedAtOf, stampSaved } from './offline-cache';

describe('what the service worker keeps for offline use', () => {
  it('keeps the GETs of the humidor, the wishlist and the signed-in member, nothing else of the API', () => {
    for (const path of ['/api/humidor', '/api/humidor/summary', '/api/humidor/analytics', '/api/humidor/conditions', '/api/wishlist', '/api/auth/user']) {
      expect(isSavedRead('GET', path), path).toBe(true);
    }
    for (const path of ['/api/feed', '/api/live', '/api/auth/refresh', '/api/humidor/import/preview', '/api/humidor/abc', '/api/wishlist/abc', '/api/humidorx', '/api/search', '/humidor']) {
      expect(isSavedRead('GET', path), path).toBe(false);
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(isSavedRead(method, '/api/humidor'), method).toBe(false);
      expect(isSavedRead(method, '/api/wishlist'), method).toBe(false);
    }
  });

  it('forgets them at every session change, and only then', () => {
    for (const [method, path] of [['POST', '/api/auth/login'], ['POST', '/api/auth/signup'], ['POST', '/api/auth/trial'], ['POST', '/api/logout'], ['GET', '/api/logout'], ['POST', '/api/auth/reset-password'], ['DELETE', '/api/user']] as const) {
      expect(changesSession(method, path), `${method} ${path}`).toBe(true);
    }
    for (const [method, path] of [['POST', '/api/auth/refresh'], ['GET', '/api/auth/user'], ['POST', '/api/humidor'], ['GET', '/api/user/profile']] as const) {
      expect(changesSession(method, path), `${method} ${path}`).toBe(false);
    }
  });

  it('keeps only full answers of our own origin: never an error, a redirect or an opaque answer', () => {
    expect(isKeepable({ status: 200, type: 'basic' })).toBe(true);
    expect(isKeepable({ status: 200, type: 'default' })).toBe(true);
    for (const status of [201, 204, 302, 304, 401, 403, 404, 429, 500, 503]) expect(isKeepable({ status, type: 'basic' }), String(status)).toBe(false);
    expect(isKeepable({ status: 0, type: 'opaque' })).toBe(false);
    expect(isKeepable({ status: 200, type: 'cors' })).toBe(false);
  });

  it('stamps a kept answer with when it was saved, body, status and headers unchanged', async () => {
    const now = new Date('2026-12-02T18:30:00.000Z');
    const original = new Response(JSON.stringify([{ id: 'a' }]), { status: 200, headers: { 'content-type': 'application/json' } });
    const saved = await stampSaved(original, now);
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-type')).toBe('application/json');
    expect(saved.headers.get(SAVED_AT_HEADER)).toBe('2026-12-02T18:30:00.000Z');
    expect(await saved.json()).toEqual([{ id: 'a' }]);
    expect(savedAtOf(saved)).toEqual(now);
  });

  it('reads no saved time from a network answer or a stamp that is not a date', () => {
    expect(savedAtOf(new Response('[]'))).toBeNull();
    expect(savedAtOf(new Response('[]', { headers: { [SAVED_AT_HEADER]: 'yesterday-ish' } }))).toBeNull();
  });
});
