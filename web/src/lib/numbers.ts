import { intlFormatter } from './i18n';

/**
 * Numbers, prices and percentages in the app's language (docs/i18n.md): 2,000 in English is 2.000 in German and
 * 2 000 in French, each formatter made once per language and kind.
 */
const format = (kind: string, options: Intl.NumberFormatOptions) => intlFormatter(`number:${kind}`, (locale) => new Intl.NumberFormat(locale, options));

/** A count as the language writes it: 2,000 / 2.000 / 2 000. */
export const formatNumber = (n: number): string => format('integer', { maximumFractionDigits: 0 }).format(n);

/** A number with one decimal (a rating average, seconds): 4.5 / 4,5. */
export const formatDecimal = (n: number, digits = 1): string =>
  format(`decimal-${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

/** An amount of money in its currency (dollars, not cents): $9.99 / 9,99 $US. */
export const formatMoney = (amount: number, currency = 'USD'): string => format(`money-${currency}`, { style: 'currency', currency }).format(amount);

/** A share written as a percentage with one decimal: 12.5% / 12,5 %. `value` is the percentage itself (12.5). */
export const formatPercent = (value: number): string =>
  format('percent', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 100);
