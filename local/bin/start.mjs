#!/usr/bin/env node
/**
 * Launcher of the local stack (`npm start`, `npm run dev`): loads the repo's `.env` (see .env.example),
 * registers tsx in this process so the TypeScript entry runs without a build step or a second Node
 * process, then runs it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { register } from 'tsx/esm/api';

/**
 * `<repo>/.env`, when it exists, fills in the variables the environment does not set: a variable
 * already in the environment wins (even an empty one), and an empty value in the file counts as unset,
 * so `PORT=` keeps the default. `LOCAL_ENV_FILE=0` skips the file.
 */
function loadDotEnv() {
  if (process.env.LOCAL_ENV_FILE === '0') return;
  const file = fileURLToPath(new URL('../../.env', import.meta.url));
  if (!existsSync(file)) return;
  const applied = [];
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (process.env[key] !== undefined || value === '') continue;
    process.env[key] = value;
    applied.push(key);
  }
  console.log(`.env: ${applied.length ? applied.join(', ') : 'nothing new'} (variables set in the environment win)`);
}

loadDotEnv();
register();
await import('../src/main.ts');
