import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/** Appends a child's stdout/stderr to `file`, or drains them when no file is given. */
export function logChildTo(proc: ChildProcess, file: string | undefined): void {
  if (!file) {
    proc.stdout?.resume();
    proc.stderr?.resume();
    return;
  }
  const out = createWriteStream(file, { flags: 'a' });
  out.on('error', () => { /* logging is best effort */ });
  proc.stdout?.pipe(out, { end: false });
  proc.stderr?.pipe(out, { end: false });
  proc.once('exit', () => setTimeout(() => out.end(), 100));
}
