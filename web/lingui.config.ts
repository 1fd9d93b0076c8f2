import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The web client's messages (docs/i18n.md). English is the source: a message's English text is written in the code
 * (the `t`/`Trans`/`msg` macros) and its id is a hash of it. Each area of the app has a catalog per language, a
 * .po file under src/locales/<language>/<area>.po, so the people working on one area never write another's file.
 * `pseudo` is the pseudo-locale: its catalog is the English one written in accented letters, and a test renders
 * every route in it to find text that skipped translation.
 */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it'] as const;
export const PSEUDO_LOCALE = 'pseudo';

/** Each catalog and the code it holds the messages of (an area's features and its route files). */
export const AREAS: Record<string, string[]> = {
  // The frame every page shares: layout, components, the app's helpers, the root and member layouts.
  core: [
    'src/components',
    'src/lib',
    'src/features/live',
    'src/routes/__root.tsx',
    'src/routes/_authenticated.tsx',
    'src/routes/-member-home.tsx',
  ],
  // The way in: the landing page, sign-up and sign-in, the first run, email links.
  entry: [
    'src/features/auth',
    'src/features/email',
    'src/features/onboarding',
    'src/routes/index.tsx',
    'src/routes/logout.tsx',
    'src/routes/unsubscribe.tsx',
    'src/routes/_authenticated/welcome.tsx',
  ],
  // The legal pages: long texts no first screen needs (docs/i18n.md, "Sizes").
  legal: ['src/features/legal', 'src/routes/disclaimer.tsx', 'src/routes/privacy.tsx', 'src/routes/terms.tsx'],
  social: [
    'src/features/feed',
    'src/features/profile',
    'src/features/messages',
    'src/features/moderation',
    'src/features/support',
    'src/routes/_authenticated/profile.{-$id}.tsx',
    'src/routes/_authenticated/messages.tsx',
    'src/routes/_authenticated/messages.$memberId.tsx',
    'src/routes/_authenticated/moderation.tsx',
    'src/routes/_authenticated/support.tsx',
  ],
  humidor: [
    'src/features/humidor',
    'src/features/cigars',
    'src/features/search',
    'src/features/scan',
    'src/routes/_authenticated/humidor.tsx',
    'src/routes/_authenticated/cigars.$id.tsx',
    'src/routes/_authenticated/search.tsx',
    'src/routes/_authenticated/scan.tsx',
  ],
  club: [
    'src/features/events',
    'src/features/billing',
    'src/features/settings',
    'src/features/learn',
    'src/features/ai',
    'src/routes/_authenticated/events.tsx',
    'src/routes/_authenticated/events_.$id.tsx',
    'src/routes/_authenticated/subscription.tsx',
    'src/routes/_authenticated/settings.tsx',
    'src/routes/_authenticated/learn.tsx',
    'src/routes/_authenticated/recommendations.tsx',
  ],
  owner: ['src/features/marketing', 'src/routes/_authenticated/marketing.tsx'],
  // The text of each error code the API answers with (src/lib/error-text.ts).
  errors: ['src/lib/error-text.ts'],
};

/** `LINGUI_AREA=humidor npm run i18n:extract -w web` extracts one area's catalogs only (docs/i18n.md). */
const only = process.env.LINGUI_AREA?.split(',');
const areas = Object.entries(AREAS).filter(([area]) => !only || only.includes(area));

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANGUAGES, PSEUDO_LOCALE],
  pseudoLocale: PSEUDO_LOCALE,
  // A message not yet translated shows in English, never as its id.
  fallbackLocales: { default: 'en' },
  catalogs: areas.map(([area, include]) => ({
    path: `<rootDir>/src/locales/{locale}/${area}`,
    include: include.map((p) => `<rootDir>/${p}`),
    exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**', ...(area === 'errors' ? [] : ['**/lib/error-text.ts'])],
  })),
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: 'messageId',
});
