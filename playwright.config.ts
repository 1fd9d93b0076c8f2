import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser end-to-end tests against the whole local stack (`npm start` on port 3100 with a fresh data
 * dir, so every run starts clean). Chromium is the system one (/usr/bin/chromium, or CHROMIUM_PATH): nothing is
 * downloaded.
 */
/**
 * The browser: CHROMIUM_PATH when set, else the first Chromium or Chrome found where Debian, Ubuntu and Google install
 * them. None is a clear message (how to get one), not a launch failure's stack trace.
 */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']
    .filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  console.error([
    '',
    'The browser tests need Chromium, and none was found (looked at: ' + candidates.join(', ') + ').',
    'Install it with `sudo apt-get install -y chromium` (Debian, Ubuntu) or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    '',
  ].join('\n'));
  process.exit(1);
}

/** E2E_PORT: another port for a second run on the same machine (each run starts its own stacks). */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
// Created once in the runner (workers inherit the env var); the stack deletes it when it stops.
const DATA_DIR = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'torcedor-e2e-')));
/**
 * A second stack as a deployment without Stripe is (LOCAL_PAYMENTS=off: billing runs without the local stack's flag),
 * for the page that must say premium is not available (e2e/billing.spec.ts); `E2E_UNPAID_URL` names it to the tests.
 */
const UNPAID_PORT = PORT + 1;
/** E2E_UNPAID=off: no second stack, for a run of specs that do not use it (e2e/billing.spec.ts does). */
const UNPAID = process.env.E2E_UNPAID !== 'off';
process.env.E2E_UNPAID_URL ??= `http://localhost:${UNPAID_PORT}`;
const UNPAID_DATA_DIR = (process.env.E2E_UNPAID_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'torcedor-e2e-unpaid-')));
/** How each stack is started and stopped by the runner. */
const stack = (port: number, env: Record<string, string>) => ({
  command: 'node local/bin/start.mjs',
  url: `http://localhost:${port}/api/health`,
  // Members' requests get AWS's dependency deadlines (docs/decisions.md, "Fail fast"): e2e/faults.spec.ts checks them.
  env: { PORT: String(port), LOCAL_EPHEMERAL: '1', LOG_LEVEL: 'WARN', DEPENDENCY_DEADLINES: 'member', ...env },
  reuseExistingServer: !process.env.CI,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(),
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
  ],
  webServer: [
    // The browser tests sign up many members from one address (127.0.0.1); the sign-up limit itself is tested
    // in services/identity/test/security.int.test.ts.
    stack(PORT, { DATA_DIR, SIGNUP_LIMIT_PER_ADDRESS: '1000' }),
    ...(UNPAID ? [stack(UNPAID_PORT, { DATA_DIR: UNPAID_DATA_DIR, LOCAL_PAYMENTS: 'off' })] : []),
  ],
});
