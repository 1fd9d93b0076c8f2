import { defineConfig } from 'vitest/config';

/**
 * The one test runner. Projects: `unit` (pure code, no I/O), `integration` (handlers on a real DynamoDB
 * Local and local user pool started by the global setup), `web` (components in jsdom), `infra` (CDK
 * assertions), `load` (the local stack under a CPU hog, run alone: `npm run test:load`). Browser end-to-end tests run with Playwright (playwright.config.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'services/**/*.unit.test.ts', 'local/**/*.unit.test.ts', 'web/scripts/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['services/**/*.int.test.ts', 'local/**/*.int.test.ts'],
          exclude: ['local/src/load.int.test.ts'],
          environment: 'node',
          globalSetup: ['./local/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The local stack under load: it keeps every core busy, so it runs alone (`npm test` runs it as a step of its own).
        test: {
          name: 'load',
          include: ['local/src/load.int.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      './web/vitest.config.ts',
    ],
  },
});
