import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from './i18n';
import { formatDecimal, formatMoney, formatNumber, formatPercent } from './numbers';

// Intl writes a no-break or narrow no-break space where French and German group digits or set units apart.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('numbers in the app language', () => {
  afterEach(() => activateLanguage('en', { remember: false }));

  it('writes counts, decimals, prices and percentages as English does', () => {
    expect(formatNumber(2000)).toBe('2,000');
    expect(formatDecimal(4.25)).toBe('4.3');
    expect(formatMoney(9.99)).toBe('$9.99');
    expect(formatPercent(12.5)).toBe('12.5%');
  });

  it('writes them as German, French, Spanish and Italian do once the language changes', async () => {
    await activateLanguage('de', { remember: false });
    expect(formatNumber(2000)).toBe('2.000');
    expect(formatDecimal(4.25)).toBe('4,3');
    expect(plain(formatMoney(9.99))).toBe('9,99 $');
    expect(plain(formatPercent(12.5))).toBe('12,5 %');

    await activateLanguage('fr', { remember: false });
    expect(plain(formatNumber(2000))).toBe('2 000');
    expect(plain(formatMoney(9.99))).toBe('9,99 $US');

    await activateLanguage('es', { remember: false });
    expect(formatNumber(20000)).toBe('20.000');
    expect(formatDecimal(4.25)).toBe('4,3');

    await activateLanguage('it', { remember: false });
    expect(formatNumber(2000)).toBe('2000');
    expect(formatNumber(20000)).toBe('20.000');
    expect(plain(formatMoney(9.99))).toBe('9,99 USD');
  });
});
