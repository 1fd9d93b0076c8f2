import { describe, expect, it } from 'vitest';
import { requestLanguage } from './language.ts';

describe('requestLanguage', () => {
  it('takes the first supported language by weight, its region ignored', () => {
    expect(requestLanguage('de-AT')).toBe('de');
    expect(requestLanguage('ja, fr-CA;q=0.8, es;q=0.9')).toBe('es');
    expect(requestLanguage('it;q=0.5, pt;q=1')).toBe('it');
  });

  it('falls back to English for no header, unsupported or refused languages and garbage', () => {
    expect(requestLanguage(undefined)).toBe('en');
    expect(requestLanguage('pt-BR, ja')).toBe('en');
    expect(requestLanguage('fr;q=0')).toBe('en');
    expect(requestLanguage(';;;,,q=zz')).toBe('en');
  });

  it('keeps the header order between equal weights', () => {
    expect(requestLanguage('fr, de')).toBe('fr');
  });
});
