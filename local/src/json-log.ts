import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** Lambda context keys that say nothing locally (one function per service, no ARN, no X-Ray). */
const QUIET = new Set(['function_name', 'function_memory_size', 'function_arn', 'xray_trace_id', 'sampling_rate', 'timestamp', 'level', 'service', 'message', 'error']);
const COLORS: Record<string, number> = { DEBUG: 90, INFO: 36, WARN: 33, ERROR: 31, CRITICAL: 31 };

const value = (v: unknown) => (typeof v === 'string' ? (/\s/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v));

/**
 * One of the services' JSON log lines (Powertools Logger, the same lines CloudWatch gets in AWS) as one
 * readable line: time, level, service, message, then the other keys as key=value (cold_start only when true);
 * an error's stack follows, indented. Any other line is returned as it is.
 */
export function formatLogLine(line: string, color = false): string {
  if (!line.startsWith('{')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry.level !== 'string' || typeof entry.message !== 'string') return line;
  const time = typeof entry.timestamp === 'string' ? entry.timestamp.slice(11, 23) : '';
  const level = entry.level.padEnd(5);
  const keys = Object.entries(entry)
    .filter(([k, v]) => !QUIET.has(k) && v !== undefined && !(k === 'cold_start' && v === false))
    .map(([k, v]) => `${k}=${value(v)}`);
  const head = `${time} ${color ? `\x1b[${COLORS[entry.level] ?? 0}m${level}\x1b[0m` : level} ${String(entry.service ?? '').padEnd(9)} ${entry.message}`;
  const err = entry.error as { name?: string; message?: string; stack?: string } | undefined;
  const stack = err ? `\n    ${(err.stack ?? `${err.name}: ${err.message}`).split('\n').join('\n    ')}` : '';
  return `${head}${keys.length ? `  ${keys.join(' ')}` : ''}${stack}`;
}

/** Copies a worker thread's output to `out`, each JSON log line made readable. */
export function readableLogs(from: Readable, out: NodeJS.WritableStream & { isTTY?: boolean }): void {
  const lines = createInterface({ input: from, crlfDelay: Infinity });
  lines.on('line', (line) => out.write(`${formatLogLine(line, out.isTTY === true)}\n`));
}
