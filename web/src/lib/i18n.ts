import { i18n, type Messages } from '@lingui/core';
import { LANGUAGES, type LanguageCode } from '@torcedor/shared/constants';

/**
 * The app's language (docs/i18n.md). The member's saved preference when signed in; otherwise the visitor's own choice
 * (the landing page's and the footer's switcher), else the browser's first supported language, else English. The
 * choice is remembered on the device, so the first screen after a reload is drawn in it before any read answers.
 *
 * Each language's messages are its catalogs (src/locales/<language>/<area>.po, compiled by Lingui's Vite plugin), one
 * chunk per area, fetched only for that language. `pseudo` (tests only) renders every message in accented letters.
 */
export type AppLanguage = LanguageCode;
export { LANGUAGES };
export const PSEUDO = 'pseudo';
type Locale = AppLanguage | typeof PSEUDO;

/** Each language's name in itself: how the switchers list it. */
export const LANGUAGE_NAMES: Record<AppLanguage, string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch', it: 'Italiano' };

const STORAGE_KEY = 'torcedor.language';
const catalogs = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

const isLanguage = (v: unknown): v is AppLanguage => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

function stored(): Locale | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === PSEUDO || isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

/** The first of the browser's languages the club speaks ('de-AT' is German), or null. */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]): AppLanguage | null {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/** The club language a locale is (the pseudo-locale is English). */
export const appLanguage = (locale: string): AppLanguage => (isLanguage(locale) ? locale : 'en');

/** The language to draw the first screen in, before anything is read from the API. */
export const initialLanguage = (): Locale => stored() ?? browserLanguage() ?? 'en';

/**
 * The locale Intl formats in: the app's language. The pseudo-locale formats in Greek, so a date or a number is never
 * taken for English text that skipped translation (e2e/pseudo-locale.spec.ts).
 */
export const intlLocale = (): string => (i18n.locale === PSEUDO ? 'el' : i18n.locale || 'en');

/**
 * The area a visitor's first screen needs (the way in: the landing page, its dialogs, the age gate): its catalog is one
 * chunk per language, the other areas' another (web/vite.config.ts), so the landing page waits for the first only and
 * the rest comes right after (a frame word drawn before it, e.g. a close button's label, shows its English meanwhile).
 */
export const FIRST_SCREEN_AREAS = ['entry'] as const;
const areaOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.po'.length);
type Part = 'first' | 'rest';
const loading = new Map<string, Promise<void>>();

const formatters = new Map<string, unknown>();
/**
 * An Intl formatter in the app's language, made on first use per language and name and kept: making one costs ~50
 * times using one (date-time.ts, numbers.ts).
 */
export function intlFormatter<F>(name: string, make: (locale: string) => F): F {
  const locale = intlLocale();
  const key = `${locale}:${name}`;
  let f = formatters.get(key) as F | undefined;
  if (f === undefined) formatters.set(key, (f = make(locale === 'en' ? 'en-US' : locale)));
  return f;
}

/** Fetches one part of a language's catalogs once (its areas in parallel; each part is one chunk in a build). */
function load(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}:${part}`;
  let p = loading.get(key);
  if (!p) {
    const prefix = `../locales/${locale}/`;
    const first = (path: string) => (FIRST_SCREEN_AREAS as readonly string[]).includes(areaOf(path));
    const wanted = Object.entries(catalogs).filter(([path]) => path.startsWith(prefix) && first(path) === (part === 'first'));
    p = Promise.all(wanted.map(([, get]) => get())).then((parts) => {
      i18n.load(locale, Object.assign({}, ...parts.map((m) => m.messages)) as Messages);
    });
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

/**
 * Draws the app in a language from now on: its catalogs are fetched (once), then every component re-renders in it
 * and `<html lang>` follows. `remember` keeps the choice on this device (a visitor's switcher, a member's setting).
 * `firstScreen`: answers once the first screen's areas are in (a visitor's landing page), the rest following at once
 * (and redrawing what uses it); otherwise it answers when every area is in.
 */
export async function activateLanguage(locale: Locale, { remember = true, firstScreen = false } = {}): Promise<void> {
  const rest = load(locale, 'rest');
  await load(locale, 'first');
  if (firstScreen) void rest.then(() => { if (i18n.locale === locale) i18n.activate(locale); }, () => undefined);
  else await rest;
  i18n.activate(locale);
  document.documentElement.lang = locale === PSEUDO ? 'en' : locale;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // Private modes may refuse storage: the language holds until the page closes.
    }
  }
}

/**
 * Follows the signed-in member's saved language (their read, or Settings saving a new one). The pseudo-locale,
 * which only tests choose, is kept.
 */
export function followMemberLanguage(language: AppLanguage | undefined): void {
  if (!language || i18n.locale === language || stored() === PSEUDO) return;
  void activateLanguage(language);
}

export { i18n };
