import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { OWNERS_GROUP } from '@torcedor/shared/constants';
import { REPO_ROOT } from './paths.ts';
import { ensureDemoAccount, type DemoAccount } from './seed/accounts.ts';
import type { SeedContext, SeedStep } from './seed/context.ts';
import { demoClubStep } from './seed/demo-club.ts';

export type { SeedApi, SeedContext, SeedStep } from './seed/context.ts';

/**
 * The seam where the local stack puts data in place on every boot, after all parts are up and before
 * /api/health reports ok. Each step must be idempotent (it runs on every start against kept data):
 * check-then-create, conditional writes, or create through the API and treat 409 as done.
 *
 * docs/architecture.md, "On one machine" fixes what goes here: the curated catalog and the two demo accounts
 * (owner@torcedor.test in `owners`, member@torcedor.test; password Torcedor-demo-2026), each address verified with
 * the code identity emails at sign-up, read from the local inbox (seed/email.ts). Last, the demo club
 * (local/src/seed/demo-club.ts, in the background once the stack is ready): demo members whose posts fill the
 * demo accounts' first feed.
 */
const DEMO_ACCOUNTS: readonly (DemoAccount & { owner: boolean })[] = [
  { email: 'owner@torcedor.test', firstName: 'Olivia', lastName: 'Owner', dateOfBirth: '1980-04-12', country: 'US', owner: true },
  { email: 'member@torcedor.test', firstName: 'Marco', lastName: 'Member', dateOfBirth: '1988-09-30', country: 'GB', owner: false },
];

const CATALOG_FILES = ['brands.json', 'cigars.json', 'lounges.json'].map((f) => join(REPO_ROOT, 'services/humidor/catalog', f));

/** The curator's import CLI, run against the local humidor table (it does nothing once a catalog exists). */
function importCatalog(ctx: SeedContext): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'services/humidor/scripts/catalog-import.ts'), ...CATALOG_FILES, '--if-empty'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        TABLE_NAME: 'torcedor-humidor', DYNAMODB_ENDPOINT: ctx.aws.dynamoEndpoint, AWS_REGION: ctx.aws.region,
        AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local',
      },
    });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    proc.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    proc.on('error', reject);
    proc.on('exit', (code) => {
      if (code !== 0) return reject(new Error(out.trim() || `catalog import exited with ${code}`));
      const line = out.trim().split('\n').at(-1);
      if (line && !line.startsWith('Catalog already')) ctx.log(line);
      resolve();
    });
  });
}

const seedSteps: SeedStep[] = [
  { name: 'curated catalog', run: importCatalog },
  {
    name: 'demo accounts',
    async run(ctx) {
      for (const { owner, ...account } of DEMO_ACCOUNTS) {
        if (await ensureDemoAccount(ctx, account)) ctx.log(`demo account ${account.email} created`);
        // An owner is made by an operator, never by the email it signs up with: here the seed is the operator.
        if (owner) {
          await ctx.cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: ctx.aws.userPoolId, Username: account.email, GroupName: OWNERS_GROUP }));
        }
      }
      await ctx.busIdle();
    },
  },
];

/**
 * Steps run after the stack is ready, in the background: the product answers meanwhile, and a failure is a
 * warning that the next start completes (the demo club takes about a minute on a fresh data dir).
 */
export const backgroundSeedSteps: readonly SeedStep[] = [demoClubStep];

/** Runs every seed step in order; a failing step stops the start-up with its name. */
export async function seed(ctx: SeedContext, steps: readonly SeedStep[] = seedSteps): Promise<void> {
  for (const step of steps) {
    try {
      await step.run(ctx);
    } catch (err) {
      throw new Error(`seed step "${step.name}" failed: ${(err as Error).message}`, { cause: err });
    }
  }
}
