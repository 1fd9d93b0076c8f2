/** Console output of the local stack: one line per part as it comes up. */
export interface StackLog {
  ok(line: string): void;
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

const color = (code: number, s: string) => (process.stdout.isTTY ? `\x1b[${code}m${s}\x1b[0m` : s);

export function createLog(quiet = false): StackLog {
  return {
    ok: (line) => { if (!quiet) console.log(`${color(32, '✔')} ${line}`); },
    info: (line) => { if (!quiet) console.log(`  ${line}`); },
    warn: (line) => console.warn(`${color(33, '!')} ${line}`),
    error: (line) => console.error(`${color(31, '✖')} ${line}`),
  };
}

/** Milliseconds since `start`, formatted for a status line. */
export const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;
