import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import type { Linter } from 'eslint';

import { SERVICES } from './shared/src/services.ts';

/** Import boundaries: services never import each other; the web never imports server code; web features never import each other. */
const otherServices = (s: string) => ({
  group: [...SERVICES.filter((o) => o !== s).flatMap((o) => [`@torcedor/${o}`, `@torcedor/${o}/*`, `**/services/${o}/**`, `**/${o}/src/**`, `../../${o}/**`, `../${o}/**`]), '@torcedor/local', '@torcedor/local/*', '@torcedor/infra*'],
  message: 'Services never import each other: talk through events.',
});

/**
 * The walls inside a service (docs/architecture.md, "Where code goes in a service"): `http.ts` and `worker.ts` map
 * routes and events to `handlers/`; handlers call `domain/` and `store/`; `store/` never reaches up into a handler;
 * `domain/` is pure: no store, no AWS SDK, none of the kit's data modules. Each block repeats the service boundary,
 * because a later block's `no-restricted-imports` replaces an earlier one's.
 */
const KIT_DATA = ['ddb', 'items', 'transactions', 'entity', 'copies', 'outbox', 'jobs', 'budgets', 'idempotency', 'race', 'uploads', 'recent', 'events', 'worker', 'revocation', 'secrets', 'aws', 'openai', 'http']
  .map((m) => `@torcedor/service-kit/${m}`);
const handlersBan = { group: ['**/handlers/**', '../handlers', '../http.ts', '../worker.ts', '**/src/http.ts', '**/src/worker.ts'], message: 'store/ and providers/ never import a handler: handlers call them.' };
const domainBan = {
  group: ['**/store/**', '../store', '**/providers/**', ...handlersBan.group, '@aws-sdk/*', 'openai', 'stripe', ...KIT_DATA],
  message: 'domain/ is pure (entity types, rules, views): no store, provider, handler, AWS SDK or kit data module.',
};
const serviceBoundaries = SERVICES.flatMap((s): Linter.Config[] => [
  { files: [`services/${s}/src/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [otherServices(s)] }] } },
  { files: [`services/${s}/src/store/**/*.ts`, `services/${s}/src/providers/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [otherServices(s), handlersBan] }] } },
  { files: [`services/${s}/src/domain/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [otherServices(s), domainBan] }] } },
]);

const WEB_FILES = ['web/**/*.{ts,tsx}'];

/**
 * What no web file may import: server code. Every web block below starts its `no-restricted-imports`
 * patterns from this one list, because a later block's rule replaces an earlier one's (it does not merge).
 */
const WEB_SERVER_BAN = {
  group: [
    '@torcedor/service-kit*',
    ...SERVICES.map((s) => `@torcedor/${s}*`),
    '@torcedor/local*', '@torcedor/infra*', '@aws-sdk/*',
    '**/services/**', '**/infra/**', '**/local/**',
  ],
  message: 'The web never imports server code.',
};

/** The web's `no-restricted-imports`: the server ban plus a block's own boundary patterns. */
type ImportPattern = { group: string[]; message: string };
const webImports = (...boundaries: ImportPattern[]): Linter.RuleEntry => ['error', { patterns: [WEB_SERVER_BAN, ...boundaries] }];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', 'web/src/route-tree.gen.ts', '.data/**', 'test-results/**', 'playwright-report/**', 'bench/.out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
        message: "Use `import * as z from 'zod'`: the named `z` defeats tree-shaking and adds ~350 KB of locales to every bundle.",
      }],
    },
  },
  ...serviceBoundaries,
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@torcedor/*', '!@torcedor/shared', '!@torcedor/shared/*', '@aws-sdk/*', 'react', 'react-dom'], message: 'shared/ holds contracts only: no services, SDKs or UI.' }] }],
    },
  },
  {
    files: WEB_FILES,
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': webImports(),
    },
  },
  // TanStack Query's rules (query keys hold every dependency, stable clients, ...) for the web.
  ...pluginQuery.configs['flat/recommended'].map((c) => ({ ...c, files: WEB_FILES })),
  {
    // Shared web code (components, lib) is below the features: it never reaches into one. Routes compose features.
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webImports(
        { group: ['@/features/**', '../features/**', '../../features/**', '@/routes/**'], message: 'Shared web code never imports a feature or a route.' },
      ),
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webImports(
        { group: ['@/features/*', '../../*/**', '../../../features/**'], message: 'Web features never import each other: share through @/components, @/lib or @torcedor/shared.' },
      ),
    },
  },
);
