import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { originHeaders } from './origin';

const PASSWORD = 'Padron-Maduro-64';
const headers = originHeaders;
const CIGAR = 'padron-1964-anniversary-series-exclusivo';

/** The pid of the e2e stack's DynamoDB Local (its Java process keeps its data under the run's data dir). */
function databasePid(): number {
  const dir = join(process.env.E2E_DATA_DIR!, 'dynamodb');
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.includes('DynamoDBLocal') && cmd.includes(dir)) return Number(entry);
    } catch { /* the process ended meanwhile */ }
  }
  throw new Error(`no DynamoDB Local process with ${dir}`);
}

test('with the database stopped, adding a cigar says the service is unavailable; after it resumes, the retry adds it once', async ({ page }) => {
  test.setTimeout(60_000);
  const email = `faults-${Date.now()}@example.com`;
  expect((await page.request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, firstName: 'Fault', lastName: 'Tolerant', dateOfBirth: '1979-05-02', country: 'US' } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } })).status()).toBe(200);

  await page.goto(`/humidor?add=${CIGAR}`);
  const add = page.getByRole('dialog', { name: 'Add Cigar' });
  await expect(add.getByRole('button', { name: 'Add to Humidor' })).toBeEnabled();
  await add.getByLabel('Quantity').fill('3');

  const pid = databasePid();
  process.kill(pid, 'SIGSTOP');
  try {
    const started = Date.now();
    await add.getByRole('button', { name: 'Add to Humidor' }).click();
    await expect(page.getByTestId('toast')).toContainText('Service temporarily unavailable. Please try again.', { timeout: 8_000 });
    expect(Date.now() - started).toBeLessThan(6_000);
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  await add.getByRole('button', { name: 'Add to Humidor' }).click();
  await expect(page.getByTestId('toast')).toContainText('Item added to humidor');
  const items = page.getByRole('tabpanel', { name: 'My Humidor' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(page.getByText('Total Sticks').locator('..')).toContainText('3');
  await page.reload();
  await expect(items).toHaveCount(1);
});
