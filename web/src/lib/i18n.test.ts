import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage, browserLanguage, followMemberLanguage, i18n, initialLanguage, intlLocale } from './i18n';

describe('the app language', () => {
  afterEach(async () => {
    localStorage.clear();
    vi.restoreAllMocks();
    await activateLanguage('en', { remember: false });
  });

  it("takes the browser's first supported language, regions ignored", () => {
    expect(browserLanguage(['de-AT', 'en-US'])).toBe('de');
    expect(browserLanguage(['pt-BR', 'ja', 'it-CH'])).toBe('it');
    expect(browserLanguage(['pt-BR', 'ja'])).toBeNull();
    expect(browserLanguage([])).toBeNull();
  });

  it('starts in the language chosen on this device, else the browser’s, else English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    expect(initialLanguage()).toBe('fr');
    localStorage.setItem('torcedor.language', 'es');
    expect(initialLanguage()).toBe('es');
    localStorage.setItem('torcedor.language', 'xx');
    expect(initialLanguage()).toBe('fr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja']);
    expect(initialLanguage()).toBe('en');
  });

  it('switches at once: <html lang>, Intl and the remembered choice follow', async () => {
    await activateLanguage('de');
    expect(i18n.locale).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(intlLocale()).toBe('de');
    expect(localStorage.getItem('torcedor.language')).toBe('de');
    await activateLanguage('it', { remember: false });
    expect(localStorage.getItem('torcedor.language')).toBe('de');
  });

  it("follows the member's saved language, but never over the pseudo-locale a test chose", async () => {
    followMemberLanguage('es');
    await vi.waitFor(() => expect(i18n.locale).toBe('es'));
    await activateLanguage('pseudo');
    expect(document.documentElement.lang).toBe('en');
    expect(intlLocale()).toBe('el');
    followMemberLanguage('fr');
    await new Promise((r) => setTimeout(r, 20));
    expect(i18n.locale).toBe('pseudo');
  });
});
