import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** A spawned stand-in (DynamoDB Local, cognito-local) that the stack owns and must not leave behind. */
export interface Child {
  name: string;
  pid: number;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Registers a child so it is killed even when the stack process exits without a clean stop. */
export function manage(name: string, proc: ChildProcess): Child {
  if (!proc.pid) throw new Error(`${name} failed to start`);
  live.add(proc);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Last resort for exits that skip stop() (uncaught errors, process.exit): no orphans.
    process.on('exit', () => {
      for (const p of live) p.kill('SIGKILL');
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve(proc.exitCode);
    proc.once('exit', (code) => resolve(code));
  }).finally(() => live.delete(proc));
  return {
    name,
    pid: proc.pid,
    exited,
    async stop(graceMs = 5000) {
      if (!live.has(proc)) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

function cmdline(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
}

/** Running (a zombie waiting for its parent to reap it counts as gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

interface PidFile {
  main: number;
  children: { name: string; pid: number; match: string }[];
}

/**
 * One running stack per data dir. `stack.pid` records the stack process and its children; a stale file
 * left by a killed stack (kill -9) has its surviving children stopped here, by pid, and only when the
 * process command line still matches what we spawned.
 */
export class PidRegistry {
  private data: PidFile = { main: process.pid, children: [] };
  constructor(private readonly file: string) {}

  async claim(): Promise<{ killedStale: string[] }> {
    const killedStale: string[] = [];
    if (existsSync(this.file)) {
      let old: PidFile | undefined;
      try {
        old = JSON.parse(readFileSync(this.file, 'utf8')) as PidFile;
      } catch {
        old = undefined;
      }
      if (old && old.main !== process.pid && alive(old.main) && (cmdline(old.main) ?? '').includes('node')) {
        throw new Error(`another local stack (pid ${old.main}) is using this data dir: stop it first or set DATA_DIR`);
      }
      for (const c of old?.children ?? []) {
        if (alive(c.pid) && (cmdline(c.pid) ?? '').includes(c.match)) {
          process.kill(c.pid, 'SIGKILL');
          for (let i = 0; i < 60 && alive(c.pid); i++) await new Promise((r) => setTimeout(r, 50));
          killedStale.push(`${c.name} (pid ${c.pid})`);
        }
      }
    }
    this.write();
    return { killedStale };
  }

  add(child: Child, match: string) {
    this.data.children.push({ name: child.name, pid: child.pid, match });
    this.write();
  }

  release() {
    rmSync(this.file, { force: true });
  }

  private write() {
    writeFileSync(this.file, JSON.stringify(this.data));
  }
}
