/**
 * `npm start` / `npm run dev`: the whole product on http://localhost:3000 (PORT, DATA_DIR override).
 * Ctrl-C or SIGTERM stops every part it started.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { JAVA_REQUIRED, javaMajorVersion } from './aws/java.ts';
import { startStack, type Stack } from './stack.ts';

// Lambda runs in UTC; so does the local stack.
process.env.TZ = 'UTC';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
/** LOCAL_EPHEMERAL=1: the data dir is deleted on stop (end-to-end runs on a fresh temp dir). */
const ephemeral = process.env.LOCAL_EPHEMERAL === '1';

const java = javaMajorVersion();
if (java === null || java < 17) {
  console.error(JAVA_REQUIRED);
  process.exit(1);
}

let stack: Stack | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  if (stack) {
    console.log('\nStopping Torcedor…');
    await stack.stop();
  }
  if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    if (stopping) {
      // Second Ctrl-C: leave now (the exit hook still kills DynamoDB Local and cognito-local).
      process.exit(130);
    }
    void shutdown(0);
  });
}

try {
  stack = await startStack({
    port,
    dataDir,
    dev,
    onFatal: () => void shutdown(1),
  });
} catch (err) {
  console.error(`✖ ${(err as Error).message}`);
  if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
