import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServiceName } from '@torcedor/shared/services';
import { assertJava } from '../aws/java.ts';
import { newOriginProof } from '../aws/local-aws.ts';
import { PidRegistry, type Child } from '../children.ts';
import type { LogLevel } from '../env.ts';
import type { Gateway } from '../gateway/server.ts';
import type { ServiceRuntime } from '../lambda/runtime.ts';
import { createLog, type StackLog } from '../log.ts';

export interface StackOptions {
  /** Port of the app (SPA + /api). Default 3000. */
  port?: number;
  /** Where data is kept across runs. Default `.data` (relative to the working directory). */
  dataDir?: string;
  /** Vite with hot reload for the web, and services rebuilt and reloaded when their files change. */
  dev?: boolean;
  /** No status lines (bench, tests); warnings and errors still print. */
  quiet?: boolean;
  /** LOG_LEVEL of the services. Default: env LOG_LEVEL, else INFO (WARN when quiet). */
  logLevel?: LogLevel;
  /** Log each /api request. Default: on in dev mode. */
  accessLog?: boolean;
  /** Serve the web app (built or via Vite). Default true; false = API only (tests, bench). */
  web?: boolean;
  /** Called when a part dies while the stack runs (the CLI then shuts down). */
  onFatal?: (err: Error) => void;
}

/** One start of the local stack: its settings, and what it has started so far (all of which `stopRun` stops). */
export interface StackRun {
  opts: StackOptions;
  port: number;
  dataDir: string;
  dev: boolean;
  log: StackLog;
  logLevel: LogLevel;
  appOrigin: string;
  /** DATA_DIR/logs: the child processes' output. */
  logs: string;
  /** DATA_DIR/local.json (LocalState). */
  stateFile: string;
  pids: PidRegistry;
  /** The gateway adds it to every /api request as CloudFront does; the functions get it in their settings (LocalAws). */
  originProof: string;
  /** Each service's runtime, once loaded: the gateway and the bus invoke through it. */
  runtimes: Map<ServiceName, ServiceRuntime>;
  /** s3rver's endpoint once it listens (the gateway's CSP allows uploads from it). */
  uploadsOrigin?: string;
  /** The SES stand-in's endpoint, once up: the gateway's /_dev/mail/ inbox reads it. */
  mailOrigin?: string;
  /** Run on stop in reverse order of registration. */
  cleanups: (() => Promise<void>)[];
  children: Child[];
  /** Closed right after the gateway, while the services still run: deliveries in flight can finish. */
  closeBus?: () => Promise<void>;
  stopping: boolean;
}

/**
 * The settings, the logs folder, the Java check and the data dir claimed for this process (children left by a
 * killed run are stopped first).
 */
export async function prepareRun(opts: StackOptions): Promise<StackRun> {
  const port = opts.port ?? 3000;
  const dataDir = resolve(opts.dataDir ?? '.data');
  const log = createLog(opts.quiet);
  const logs = join(dataDir, 'logs');
  mkdirSync(logs, { recursive: true });

  assertJava();
  const pids = new PidRegistry(join(dataDir, 'stack.pid'));
  const { killedStale } = await pids.claim();
  if (killedStale.length) log.warn(`stopped leftovers of a killed run: ${killedStale.join(', ')}`);

  return {
    opts,
    port,
    dataDir,
    dev: opts.dev ?? false,
    log,
    logLevel: opts.logLevel ?? (process.env.LOG_LEVEL as LogLevel | undefined) ?? (opts.quiet ? 'WARN' : 'INFO'),
    appOrigin: `http://localhost:${port}`,
    logs,
    stateFile: join(dataDir, 'local.json'),
    pids,
    originProof: newOriginProof(),
    runtimes: new Map(),
    cleanups: [],
    children: [],
    stopping: false,
  };
}

/** A part died while the stack runs (not while it stops): reported, and the caller's onFatal decides. */
export function fatal(run: StackRun, err: Error): void {
  if (run.stopping) return;
  run.log.error(err.message);
  run.opts.onFatal?.(err);
}

/** A child process of the stack: stopped with it, recorded in stack.pid (by `match` on its command line), watched. */
export function adoptChild(run: StackRun, c: Child, match: string): void {
  run.children.push(c);
  // A signal sent to the whole process group (Ctrl-C, Playwright) reaches the children too: give
  // our own handler a moment to start the stop before calling it a crash.
  void c.exited.then((code) => setTimeout(() => fatal(run, new Error(`${c.name} exited unexpectedly (code ${code}); see ${run.logs}`)), 300));
  run.pids.add(c, match);
}

/** Stops whatever started: the edge first (no new requests), then the rest in reverse order of start. */
export async function stopRun(run: StackRun, gateway: Gateway): Promise<void> {
  run.stopping = true;
  await gateway.close().catch(() => undefined);
  await run.closeBus?.().catch((e: Error) => run.log.warn(`stop: ${e.message}`));
  for (const fn of run.cleanups.reverse()) await fn().catch((e: Error) => run.log.warn(`stop: ${e.message}`));
  await Promise.all(run.children.map((c) => c.stop()));
  run.pids.release();
}
