import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { ServiceName } from '@torcedor/shared/services';
import { LOCAL_FUNCTION_TIMEOUT_SECONDS } from '@torcedor/shared/runtime';
import { readableLogs } from '../json-log.ts';
import type { FunctionKind, HostData, HostMessage, InvokeMessage } from './protocol.ts';

/**
 * Invocation time limits: each kind of function's own on the local stack (LOCAL_FUNCTION_TIMEOUT_SECONDS: AWS's, but a
 * member's request may wait for a development machine's dependencies up to API Gateway's 29 s integration limit).
 */
const TIMEOUTS_MS = Object.fromEntries(
  Object.entries(LOCAL_FUNCTION_TIMEOUT_SECONDS).map(([fn, seconds]) => [fn, seconds * 1000]),
) as Record<FunctionKind, number>;

export class InvocationError extends Error {
  constructor(message: string, readonly kind: 'error' | 'timeout' | 'crash', readonly remoteStack?: string) {
    super(message);
  }
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
  /** A streaming invocation's listeners. */
  onHead?: (prelude: StreamPrelude) => void;
  onChunk?: (data: string) => void;
}

export interface StreamPrelude { statusCode: number; headers?: Record<string, string>; cookies?: string[] }
export interface StreamListeners { onHead(prelude: StreamPrelude): void; onChunk(data: string): void }

/** One worker thread running one service's functions with their own process.env and module state. */
class Instance {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  dead = false;

  constructor(host: string, data: HostData, env: Record<string, string>, onDeath: (err: Error) => void) {
    this.worker = new Worker(host, { workerData: data, env, name: `torcedor-${data.service}`, stdout: true, stderr: true });
    // The services' JSON log lines (as CloudWatch gets them in AWS), one readable line each.
    readableLogs(this.worker.stdout, process.stdout);
    readableLogs(this.worker.stderr, process.stderr);
    this.ready = new Promise<void>((resolve, reject) => {
      const onMsg = (m: HostMessage) => { if (m.type === 'ready') { this.worker.off('message', onMsg); resolve(); } };
      this.worker.on('message', onMsg);
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(new Error(`exited with code ${code} during start-up`)));
    });
    this.ready.catch(() => undefined);
    this.worker.on('message', (m: HostMessage) => {
      if (m.type === 'head') return this.pending.get(m.id)?.onHead?.(m.prelude);
      if (m.type === 'chunk') return this.pending.get(m.id)?.onChunk?.(m.data);
      if (m.type !== 'result') return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.ok) p.resolve(m.result);
      else p.reject(new InvocationError(`${m.error.name}: ${m.error.message}`, 'error', m.error.stack));
    });
    const die = (err: Error) => {
      if (this.dead) return;
      this.dead = true;
      for (const p of this.pending.values()) {
        clearTimeout(p.timer);
        p.reject(new InvocationError(`the ${data.service} runtime crashed: ${err.message}`, 'crash'));
      }
      this.pending.clear();
      onDeath(err);
    };
    this.worker.on('error', die);
    this.worker.on('exit', (code) => die(new Error(`exited with code ${code}`)));
  }

  get inFlight() {
    return this.pending.size;
  }

  invoke(fn: FunctionKind, event: unknown, timeoutMs: number, listeners?: StreamListeners): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = ++this.seq;
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new InvocationError(`Task timed out after ${timeoutMs / 1000} seconds`, 'timeout'));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer, ...listeners });
      const msg: InvokeMessage = { type: 'invoke', id, fn, requestId: randomUUID(), event };
      this.worker.postMessage(msg);
    });
  }

  async terminate() {
    this.dead = true;
    await this.worker.terminate();
  }
}

/**
 * A service's functions as the local stack runs them: one worker thread per service (like separate
 * Lambdas: own env, own module state), restarted after a crash and replaced on `reload()` (dev mode)
 * without dropping requests in flight.
 */
export class ServiceRuntime {
  private current: Instance | undefined;
  private starting: Promise<Instance> | undefined;
  private stopped = false;

  constructor(
    readonly service: ServiceName,
    private readonly host: string,
    private readonly entries: Partial<Record<FunctionKind, string>>,
    private readonly env: Record<string, string>,
    private readonly onCrash: (service: ServiceName, err: Error) => void,
  ) {}

  has(fn: FunctionKind) {
    return Boolean(this.entries[fn]);
  }

  /** Starts the thread and waits for its cold start (module imports) to finish. */
  async start(): Promise<void> {
    await this.instance();
  }

  private instance(): Promise<Instance> {
    if (this.stopped) return Promise.reject(new Error(`${this.service} is stopped`));
    if (this.current && !this.current.dead) return Promise.resolve(this.current);
    return (this.starting ??= this.spawn()
      .then((inst) => (this.current = inst))
      .finally(() => { this.starting = undefined; }));
  }

  private async spawn(): Promise<Instance> {
    const data: HostData = { service: this.service, entries: this.entries, timeoutsMs: TIMEOUTS_MS };
    const inst: Instance = new Instance(this.host, data, this.env, (err) => {
      if (this.current === inst) this.onCrash(this.service, err);
    });
    try {
      await inst.ready;
    } catch (err) {
      await inst.terminate().catch(() => undefined);
      throw new Error(`${this.service} failed to load: ${(err as Error).message}`, { cause: err });
    }
    return inst;
  }

  async invoke(fn: FunctionKind, event: unknown): Promise<unknown> {
    const inst = await this.instance();
    return inst.invoke(fn, event, TIMEOUTS_MS[fn]);
  }

  /** A stream function's invocation: the prelude and each chunk reach the listeners as they are written. */
  async invokeStream(event: unknown, listeners: StreamListeners): Promise<void> {
    const inst = await this.instance();
    await inst.invoke('stream', event, TIMEOUTS_MS.stream, listeners);
  }

  /** Loads the service anew (changed bundle); the old thread finishes what it is doing, then ends. */
  async reload(): Promise<void> {
    if (this.stopped) return;
    const next = await this.spawn(); // a bundle that fails to load leaves the old one serving
    const old = this.current;
    this.current = next;
    if (old) void this.retire(old);
  }

  private async retire(inst: Instance) {
    const until = Date.now() + TIMEOUTS_MS.http;
    while (inst.inFlight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await inst.terminate();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting?.catch(() => undefined);
    const inst = this.current;
    this.current = undefined;
    if (inst) await inst.terminate();
  }
}
