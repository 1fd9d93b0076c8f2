import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/openapi.ts';
import { routeList } from '../src/routes.ts';

const run = promisify(execFile);
const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const dir = mkdtempSync(join(tmpdir(), 'torcedor-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Operation = { security?: unknown[]; responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }> };
const doc = openApiDocument('http://localhost:3000');
const operations = Object.values(doc.paths).flatMap((p) => Object.values(p)) as Operation[];
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(doc));

describe('the OpenAPI document', () => {
  it('describes every route of the manifest once', () => {
    expect(operations).toHaveLength(routeList.length);
  });

  it('declares security on every operation: none on public ones, the session cookie otherwise', () => {
    for (const r of routeList) {
      const op = doc.paths[r.path]![r.method.toLowerCase()] as Operation;
      expect(op.security, r.id).toEqual(r.access === 'public' ? [] : [{ session: [] }]);
    }
  });

  it('gives every operation its 4xx answers on the one Error schema, and Retry-After on every 429', () => {
    for (const op of operations) {
      const errors = Object.entries(op.responses).filter(([s]) => /^[45]/.test(s));
      expect(errors.some(([s]) => s.startsWith('4'))).toBe(true);
      for (const [status, res] of errors) {
        expect(JSON.stringify(res.content?.['application/json']?.schema)).toContain('#/components/schemas/Error');
        if (status === '429') expect(res.headers?.['Retry-After']).toBeDefined();
      }
    }
  });

  it('passes Redocly CLI lint with the recommended ruleset: 0 errors, 0 warnings, no ignore file', async () => {
    expect(existsSync(join(root, '.redocly.lint-ignore.yaml'))).toBe(false);
    // Run where no redocly.yaml can be found, so nothing but `recommended` applies.
    const { stdout } = await run(bin('redocly'), ['lint', file, '--extends=recommended', '--format=json'], {
      cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number; ignored: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);

  it('generates a TypeScript client with openapi-typescript that compiles, error codes typed per operation', async () => {
    await run(bin('openapi-typescript'), [file, '-o', join(dir, 'api.d.ts')], { cwd: dir });
    writeFileSync(join(dir, 'consumer.ts'), `
import type { components, paths } from './api';
type Add = paths['/api/humidor']['post'];
const body: Add['requestBody']['content']['application/json'] = { cigarId: 'padron-1964-exclusivo', quantity: 2 };
const added = null as unknown as Add['responses']['201']['content']['application/json'];
const limit: Add['responses']['403']['content']['application/json']['code'] = 'HUMIDOR_LIMIT';
// @ts-expect-error adding to the humidor never answers EMAIL_TAKEN
const wrong: Add['responses']['403']['content']['application/json']['code'] = 'EMAIL_TAKEN';
const error: components['schemas']['Error'] = { message: 'Unauthorized', code: 'UNAUTHORIZED' };
const quantity: number = added.quantity;
export const used = [body, limit, wrong, error, quantity];
`);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: false, types: [] },
      files: ['consumer.ts'],
    }));
    await expect(run(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: dir })).resolves.toBeDefined();
  }, 60_000);
});
