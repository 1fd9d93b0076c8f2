import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The timing of the DynamoDB commands one request sent, as the benches' recorders note them (ms, performance.now()). */
export interface Timed { start: number; end: number }

/** Round trips that had to wait for an earlier one: a command starts a new one when it starts after every earlier command ended. */
export function sequentialRoundTrips(sent: readonly Timed[]): number {
  return roundTripTimes(sent).length;
}

/** How long each sequential round trip took (ms): from its first command's start to its last command's end. */
export function roundTripTimes(sent: readonly Timed[]): number[] {
  const trips: { start: number; end: number }[] = [];
  for (const s of [...sent].sort((a, b) => a.start - b.start)) {
    const last = trips.at(-1);
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else trips.push({ start: s.start, end: s.end });
  }
  return trips.map((t) => t.end - t.start);
}

/** Time during which at least one command was in flight (ms). */
export function busyTime(sent: readonly Timed[]): number {
  let busy = 0;
  let end = -Infinity;
  for (const s of [...sent].sort((a, b) => a.start - b.start)) {
    busy += Math.max(0, s.end - Math.max(s.start, end));
    end = Math.max(end, s.end);
  }
  return busy;
}

/**
 * One DynamoDB command a request sent: its name, its input as it went to DynamoDB (marshalled: the document client's
 * commands too, whose name is their low-level command's), timing and consumed capacity units.
 */
export interface Sent extends Timed { command: string; input: unknown; capacity: number }

/** Where the recorder finds a command's input as marshalled (the build step sees it after the document client's marshalling). */
const WIRE_INPUT = Symbol('benchWireInput');
type Args = { input: unknown };
type Context = { commandName?: string; [WIRE_INPUT]?: { input?: unknown } };
/** The middleware stack of an AWS SDK v3 client (the kit's DynamoDB client; its document client shares it). */
interface Stack {
  add(mw: (next: (args: Args) => Promise<{ output: unknown }>, context: Context) => (args: Args) => Promise<{ output: unknown }>,
    options: { step: 'initialize' | 'build'; name: string; priority: 'high' }): void;
  remove(name: string): boolean;
}

/**
 * Records the commands a client sends while `during` runs: a middleware notes each command's start and end and
 * asks for its consumed capacity, and one after serialization keeps its input as sent. Install it after the timed
 * samples, so they ran on the client as it is.
 */
export function commandRecorder(client: { middlewareStack: unknown }) {
  const stack = client.middlewareStack as Stack;
  let recording: Sent[] | null = null;
  stack.add((next, context) => async (args) => {
    if (!recording) return next(args);
    const sent = recording;
    const wire: { input?: unknown } = {};
    context[WIRE_INPUT] = wire;
    const start = performance.now();
    const out = await next({ ...args, input: { ...(args.input as object), ReturnConsumedCapacity: 'TOTAL' } });
    const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
    const capacity = [consumed ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
    sent.push({ command: context.commandName ?? '?', input: wire.input ?? args.input, start, end: performance.now(), capacity });
    return out;
  }, { step: 'initialize', name: 'benchRecorder', priority: 'high' });
  stack.add((next, context) => async (args) => {
    const wire = context[WIRE_INPUT];
    if (wire) wire.input = args.input;
    return next(args);
  }, { step: 'build', name: 'benchRecorderWire', priority: 'high' });
  return {
    /** The commands `during` sent, and how long it took (ms). */
    async during<T>(fn: () => Promise<T>): Promise<{ result: T; sent: Sent[]; total: number }> {
      const sent: Sent[] = [];
      recording = sent;
      const t = performance.now();
      try {
        return { result: await fn(), sent, total: performance.now() - t };
      } finally {
        recording = null;
      }
    },
    remove: () => { stack.remove('benchRecorder'); stack.remove('benchRecorderWire'); },
  };
}

/** The commands as sent: sequential round trips in order (' -> '), commands in flight together joined by '+'. */
export function sequenceOf(sent: Sent[]): string {
  const trips: { end: number; commands: string[] }[] = [];
  for (const s of [...sent].sort((a, b) => a.start - b.start)) {
    const last = trips.at(-1);
    const name = s.command.replace(/Command$/, '');
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      last.commands.push(name);
    } else trips.push({ end: s.end, commands: [name] });
  }
  return trips.map((t) => t.commands.join('+')).join(' -> ');
}

/**
 * Runs one of the bench's measuring scripts (`<name>-process.ts`) in a process of its own with a service's env (the
 * kit reads its configuration once per process) and `input` in `variable`; resolves with its result line
 * (`<variable>_RESULT <json>`) while the stack keeps serving.
 */
export function runMeasuring<I, O>(script: string, variable: string, env: NodeJS.ProcessEnv, input: I): Promise<O> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script)], {
      cwd: join(import.meta.dirname, '..'), env: { ...env, [variable]: JSON.stringify(input) }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { out += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      const marker = `${variable}_RESULT `;
      const line = out.split('\n').find((l) => l.startsWith(marker));
      if (code !== 0 || !line) reject(new Error(`${script} exited with ${code}:\n${out}`));
      else resolve(JSON.parse(line.slice(marker.length)) as O);
    });
  });
}
