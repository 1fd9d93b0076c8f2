#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure: lint, import cycles, type checks, web build, the
 * vitest projects, the local stack under load (a vitest project of its own, run alone: it keeps every core busy),
 * Playwright. Prints each step's duration and, last, one line `N passed, N failed`
 * (tests of vitest + Playwright; a step that fails without a failing test counts as one failure).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const out = mkdtempSync(join(tmpdir(), 'torcedor-test-'));
const vitestJson = join(out, 'vitest.json');
const loadJson = join(out, 'load.json');
const playwrightJson = join(out, 'playwright.json');

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
}

/** Passed/failed tests from a step's report (null when the step writes none). */
const counters = {
  vitest() {
    const r = readJson(vitestJson);
    return r && { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0 };
  },
  load() {
    const r = readJson(loadJson);
    return r && { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0 };
  },
  playwright() {
    const r = readJson(playwrightJson);
    return r?.stats && { passed: (r.stats.expected ?? 0) + (r.stats.flaky ?? 0), failed: r.stats.unexpected ?? 0 };
  },
};

const steps = [
  { name: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { name: 'cycles', cmd: 'npm', args: ['run', '--silent', 'cycles'] },
  { name: 'typecheck', cmd: bin('tsc'), args: ['-p', 'tsconfig.json'] },
  { name: 'typecheck web', cmd: bin('tsc'), args: ['-p', 'web/tsconfig.json'] },
  { name: 'build web', cmd: 'npm', args: ['run', 'build', '-w', 'web'] },
  {
    name: 'vitest', cmd: bin('vitest'), count: 'vitest',
    args: ['run', ...['unit', 'integration', 'infra', 'web'].flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  },
  {
    name: 'stack under load', cmd: bin('vitest'), count: 'load',
    args: ['run', '--project', 'load', '--reporter=default', '--reporter=json', `--outputFile.json=${loadJson}`],
  },
  {
    name: 'playwright', cmd: bin('playwright'), count: 'playwright',
    args: ['test', '--reporter=list,json'], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  },
];

function run(step) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...step.env } });
    child.on('error', (err) => {
      console.error(`${step.name}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
let passed = 0;
let failed = 0;
let ok = true;
const started = performance.now();
const timings = [];

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const t = performance.now();
  const code = await run(step);
  const ms = performance.now() - t;
  timings.push(`${code === 0 ? '✔' : '✖'} ${step.name.padEnd(14)} ${seconds(ms)}`);
  const counted = step.count ? counters[step.count]() : null;
  if (counted) {
    passed += counted.passed;
    failed += counted.failed;
  }
  console.log(`${code === 0 ? '✔' : '✖'} ${step.name} (${seconds(ms)})`);
  if (code !== 0) {
    if (!counted || counted.failed === 0) failed += 1;
    ok = false;
    break;
  }
}

rmSync(out, { recursive: true, force: true });
console.log(`\n${timings.join('\n')}\n  total          ${seconds(performance.now() - started)}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
