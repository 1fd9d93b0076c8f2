import { describe, expect, it } from 'vitest';
import { assertDeclaredAnswer, routeFor } from './contract.ts';

const json = { 'content-type': 'application/json; charset=utf-8' };
const item = {
  id: 'i1', cigarId: 'c1', cigarName: 'Padron 1964 Anniversary Exclusivo', brandName: 'Padron', quantity: 2,
};

describe('answers checked against the declared contract', () => {
  it('finds literal paths before templated ones', () => {
    expect(routeFor('GET', '/api/humidor/summary')?.id).toBe('getHumidorSummary');
    expect(routeFor('PUT', '/api/humidor/abc')?.id).toBe('updateHumidorItem');
    expect(routeFor('GET', '/api/cigars/x1?y=2')?.id).toBe('getCigar');
    expect(routeFor('GET', '/api/nothing-here')).toBeUndefined();
  });

  it('accepts declared errors with their codes', () => {
    expect(() => assertDeclaredAnswer('POST', '/api/humidor', { status: 403, headers: json, body: { message: 'Cap', code: 'HUMIDOR_LIMIT' } })).not.toThrow();
    expect(() => assertDeclaredAnswer('GET', '/api/humidor', { status: 401, headers: json, body: { message: 'Unauthorized', code: 'UNAUTHORIZED' } })).not.toThrow();
    expect(() => assertDeclaredAnswer('POST', '/api/auth/login', { status: 429, headers: { ...json, 'retry-after': '30' }, body: { message: 'Wait', code: 'LOGIN_THROTTLED' } })).not.toThrow();
  });

  it('refuses a status the operation does not declare', () => {
    expect(() => assertDeclaredAnswer('GET', '/api/humidor', { status: 409, headers: json, body: { message: 'x', code: 'EMAIL_TAKEN' } }))
      .toThrow(/getHumidor .* status 409 is not declared/);
  });

  it('refuses a code not declared under its status, and an error body of another shape', () => {
    expect(() => assertDeclaredAnswer('GET', '/api/humidor', { status: 403, headers: json, body: { message: 'x', code: 'HUMIDOR_LIMIT' } }))
      .toThrow(/not declared/);
    expect(() => assertDeclaredAnswer('POST', '/api/humidor', { status: 403, headers: json, body: { message: 'x', code: 'OWNER_ONLY' } }))
      .toThrow(/code OWNER_ONLY is not declared under 403/);
    expect(() => assertDeclaredAnswer('POST', '/api/humidor', { status: 403, headers: json, body: { error: 'x' } }))
      .toThrow(/not an ErrorBody/);
  });

  it('refuses a 429 without Retry-After', () => {
    expect(() => assertDeclaredAnswer('POST', '/api/auth/login', { status: 429, headers: json, body: { message: 'Wait', code: 'LOGIN_THROTTLED' } }))
      .toThrow(/Retry-After/);
  });

  it('refuses a success body that does not match the response schema', () => {
    expect(() => assertDeclaredAnswer('GET', '/api/health', { status: 200, headers: json, body: { status: 'ok' } })).not.toThrow();
    expect(() => assertDeclaredAnswer('GET', '/api/health', { status: 200, headers: json, body: { status: 'fine' } })).toThrow(/response schema/);
    expect(() => assertDeclaredAnswer('POST', '/api/humidor', { status: 201, headers: json, body: item })).toThrow(/response schema/);
  });

  it('wants a Location on redirects and text/html on pages', () => {
    expect(() => assertDeclaredAnswer('GET', '/api/logout', { status: 302, headers: { location: '/' }, body: undefined })).not.toThrow();
    expect(() => assertDeclaredAnswer('GET', '/api/logout', { status: 302, headers: {}, body: undefined })).toThrow(/Location/);
    expect(() => assertDeclaredAnswer('GET', '/api/docs', { status: 200, headers: json, body: '{}' })).toThrow(/text\/html/);
  });
});
