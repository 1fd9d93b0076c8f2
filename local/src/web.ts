import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time under `path` (a file or a directory tree), 0 when absent. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(path, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    max = Math.max(max, newest(join(path, e.name)));
  }
  return max;
}

/** The web app's sources: its own files and the shared contracts it imports. */
const webInputs = (root: string) => [
  'web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/lingui.config.ts', 'web/package.json', 'web/tsconfig.json', 'shared/src',
].map((p) => join(root, p));

export const webDist = (root: string) => join(root, 'web/dist');
export const webPresent = (root: string) => existsSync(join(root, 'web/index.html'));

/** True when web/dist is missing or older than any of its sources. */
export function webNeedsBuild(root: string): boolean {
  const index = join(webDist(root), 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return webInputs(root).some((p) => newest(p) > built);
}

/** `npm run build -w web` (the same build CI and CDK deploy use); rejects with its output on failure. */
export function buildWeb(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout.on('data', (c: Buffer) => { output += c.toString(); });
    proc.stderr.on('data', (c: Buffer) => { output += c.toString(); });
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed (exit ${code}):\n${output.trim().split('\n').slice(-30).join('\n')}`))));
  });
}
