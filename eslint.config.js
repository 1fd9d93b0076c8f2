import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SERVICES = ['identity', 'social', 'humidor', 'events', 'ai', 'billing', 'marketing'];

/** Import boundaries: services never import each other; the web never imports server code; web features never import each other. */
const serviceBoundaries = SERVICES.map((s) => ({
  files: [`services/${s}/src/**/*.ts`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [{
        group: [...SERVICES.filter((o) => o !== s).flatMap((o) => [`@torcedor/${o}`, `@torcedor/${o}/*`, `**/services/${o}/**`, `../../${o}/**`, `../${o}/**`]), '@torcedor/local', '@torcedor/local/*', '@torcedor/infra*'],
        message: 'Services never import each other: talk through events.',
      }],
    }],
  },
}));

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
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@torcedor/service-kit*', '@torcedor/identity*', '@torcedor/social*', '@torcedor/humidor*', '@torcedor/events*', '@torcedor/ai*', '@torcedor/billing*', '@torcedor/marketing*', '@torcedor/local*', '@torcedor/infra*', '@aws-sdk/*', '**/services/**', '**/infra/**', '**/local/**'], message: 'The web never imports server code.' },
      ] }],
    },
  },
  {
    // Shared web code (components, lib) is below the features: it never reaches into one. Routes compose features.
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@torcedor/service-kit*', '@aws-sdk/*', '**/services/**'], message: 'The web never imports server code.' },
        { group: ['@/features/**', '../features/**', '../../features/**', '@/routes/**'], message: 'Shared web code never imports a feature or a route.' },
      ] }],
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@torcedor/service-kit*', '@aws-sdk/*', '**/services/**'], message: 'The web never imports server code.' },
        { group: ['@/features/*', '../../*/**', '../../../features/**'], message: 'Web features never import each other: share through @/components, @/lib or @torcedor/shared.' },
      ] }],
    },
  },
);
