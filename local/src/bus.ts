import { randomUUID } from 'node:crypto';
import {
  appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  domainEvents, eventSource, rateMs, schedules, SCHEDULE_DETAIL_TYPE, subscriptions, type EventName,
} from '@torcedor/shared/events';
import type { ServiceName } from '@torcedor/shared/services';
import { FUNCTION_TIMEOUT_SECONDS } from '@torcedor/shared/runtime';
import { LOCAL_REGION } from './aws/local-aws.ts';

/** What a worker receives: the EventBridge event shape delivered to a Lambda target. */
export interface BusEnvelope {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

export interface PutEntry {
  EventBusName?: string;
  Source?: string;
  DetailType?: string;
  Detail?: string;
  Time?: string | number;
  Resources?: string[];
}
type EntryResult = { EventId: string } | { ErrorCode: string; ErrorMessage: string };

export type Deliver = (consumer: ServiceName, event: BusEnvelope) => Promise<void>;

export interface LocalBusOptions {
  busName: string;
  /** Hands an event to a consumer's worker; absent = record only (tests). */
  deliver?: Deliver;
  /** Where deliveries that failed every try are appended (JSON lines). */
  deadLetterFile?: string;
  /** Deliver every event twice, shuffled, after a small random delay (exercises idempotency). */
  duplicates?: boolean;
  /** Delays between tries (6 tries = 5 delays). */
  retryDelaysMs?: number[];
  /**
   * Where accepted events are journaled (JSON lines), so that those not delivered yet survive a restart:
   * `replay()` on a bus with the same file delivers them. Absent = nothing survives the process.
   */
  journalFile?: string;
  log?: (line: string) => void;
}

/**
 * A line of the journal: an event the bus accepted, with the consumers it still owes it to, or one
 * consumer's delivery finished (delivered, or dead-lettered after every try).
 */
type JournalLine =
  | { t: 'event'; event: BusEnvelope; consumers: ServiceName[] }
  | { t: 'done'; id: string; consumer: ServiceName };

/** An accepted event and the consumers whose delivery has not finished. */
interface Pending {
  event: BusEnvelope;
  consumers: Set<ServiceName>;
}

const ACCOUNT = '000000000000';
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * Delays between tries of a delivery. A try that finds the same delivery still in progress (a slow first try on a
 * busy machine) fails on purpose; the idempotency record of a try that stopped without clearing it (its clean-up
 * did not answer either) holds the delivery until the worker's time limit has passed, so the last delay outlasts
 * that limit and the delivery is then made, not dead-lettered. Lambda's own retries of an event invocation wait
 * minutes, and EventBridge keeps trying for hours.
 */
const DEFAULT_RETRY_DELAYS_MS = [200, 1000, 5000, 15000, FUNCTION_TIMEOUT_SECONDS.worker * 1000 + 5000];

/** The consumers of an event: the subscriptions manifest, matched on detail type and source like CDK's rules. */
export function consumersOf(source: string, detailType: string): ServiceName[] {
  const def = domainEvents[detailType as EventName];
  if (!def || eventSource(def.source) !== source) return [];
  return subscriptions.filter((s) => s.event === detailType).map((s) => s.consumer);
}

/**
 * Reads a journal: every event whose delivery to some consumer has not finished, in the order accepted.
 * A line that does not parse (the end of a file cut by a crash) is skipped.
 */
export function readJournal(file: string): { pending: Pending[]; skipped: number } {
  const events = new Map<string, Pending>();
  let skipped = 0;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    let line: JournalLine;
    try {
      line = JSON.parse(raw) as JournalLine;
    } catch {
      skipped++;
      continue;
    }
    if (line.t === 'event' && line.event?.id && Array.isArray(line.consumers)) {
      const known = events.get(line.event.id);
      if (known) for (const c of line.consumers) known.consumers.add(c);
      else events.set(line.event.id, { event: line.event, consumers: new Set(line.consumers) });
    } else if (line.t === 'done') {
      events.get(line.id)?.consumers.delete(line.consumer);
    } else {
      skipped++;
    }
  }
  return { pending: [...events.values()].filter((p) => p.consumers.size > 0), skipped };
}

const journalLine = (p: Pending) => `${JSON.stringify({ t: 'event', event: p.event, consumers: [...p.consumers] } satisfies JournalLine)}\n`;

/**
 * The local EventBridge: an endpoint speaking the AWS JSON 1.1 `AWSEvents.PutEvents` action (what the
 * SDK's EventBridgeClient sends), asynchronous at-least-once delivery from the subscriptions manifest
 * to the consumer's worker (6 tries with backoff, then a dead-letter line), and the schedules.
 * Bound to 127.0.0.1 only: like the real bus it is not reachable from the browser.
 *
 * With `journalFile`, an event is written to the journal with its consumers before
 * PutEvents answers, and each finished delivery (delivered or dead-lettered) is recorded after it; the
 * constructor reads what was left pending by the previous run, rewrites the journal with only that, and
 * `replay()` delivers it. At least once: consumers dedupe by event id.
 */
export class LocalBus {
  readonly recorded: (PutEntry & { EventId: string })[] = [];
  private server: Server | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  private closed = false;
  /** Accepted events whose delivery to some consumer has not finished (journal mode only). */
  private readonly pending = new Map<string, Pending>();
  /** Left by the previous run, waiting for replay(). */
  private toReplay: Pending[] = [];
  private journalFd: number | undefined;

  constructor(private readonly o: LocalBusOptions) {
    if (o.journalFile) {
      const { pending, skipped } = readJournal(o.journalFile);
      if (skipped) o.log?.(`bus: ${skipped} unreadable line(s) of ${o.journalFile} skipped`);
      for (const p of pending) this.pending.set(p.event.id, p);
      this.toReplay = pending;
      this.compactJournal();
      this.journalFd = openSync(o.journalFile, 'a');
    }
  }

  /** Rewrites the journal with only the pending events (a temp file renamed over it: never half written). */
  private compactJournal() {
    const file = this.o.journalFile!;
    const tmp = `${file}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      const text = [...this.pending.values()].map(journalLine).join('');
      if (text) writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  }

  /** How many (event, consumer) deliveries the previous run left unfinished and replay() will make. */
  get replayable(): number {
    return this.toReplay.reduce((n, p) => n + p.consumers.size, 0);
  }

  /**
   * Delivers what the previous run on this journal accepted and did not finish delivering. Call it once
   * the consumers can take deliveries (the stack: once the services are loaded). Returns the count.
   */
  replay(): number {
    const n = this.replayable;
    const batch = this.toReplay;
    this.toReplay = [];
    for (const p of batch) this.dispatch(p.event, [...p.consumers]);
    return n;
  }

  /**
   * Journals accepted events (one write, before PutEvents answers) and registers them as pending. Throws
   * when the journal cannot be written: the events are then not accepted. Not fsync'd: the write is in
   * the OS once writeSync returns, so it survives the stack being stopped, crashing or killed (kill -9),
   * not a power cut; a sync per event would block the whole stack's event loop (~2 ms each here).
   */
  private journal(batch: Pending[]) {
    if (this.journalFd === undefined || !batch.length) return;
    writeSync(this.journalFd, batch.map(journalLine).join(''));
    for (const p of batch) this.pending.set(p.event.id, p);
  }

  /** One consumer's delivery finished (delivered or dead-lettered): it is not replayed. */
  private finished(event: BusEnvelope, consumer: ServiceName) {
    const p = this.pending.get(event.id);
    if (!p?.consumers.delete(consumer)) return; // a duplicate copy, or no journal
    if (!p.consumers.size) this.pending.delete(event.id);
    if (this.journalFd === undefined) return;
    try {
      writeSync(this.journalFd, `${JSON.stringify({ t: 'done', id: event.id, consumer } satisfies JournalLine)}\n`);
    } catch (err) {
      this.o.log?.(`bus: journal not written (${(err as Error).message}): ${event.id} may be delivered again to ${consumer}`);
    }
  }

  async listen(port: number): Promise<string> {
    this.server = createServer((req, res) => {
      void this.route(req).then(({ status, body, type }) => {
        res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    const addr = this.server.address();
    return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : port}`;
  }

  private async route(req: IncomingMessage): Promise<{ status: number; body: string; type: string }> {
    const amz = 'application/x-amz-json-1.1';
    const json = 'application/json';
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = req.url ?? '/';
    if (req.method === 'GET' && url.startsWith('/__local/entries')) {
      return { status: 200, type: json, body: JSON.stringify(this.recorded) };
    }
    const tick = /^\/__local\/schedules\/([\w-]+)$/.exec(url);
    if (req.method === 'POST' && tick) {
      const ok = this.tick(tick[1]!);
      return { status: ok ? 202 : 404, type: json, body: JSON.stringify(ok ? { ok } : { message: 'no such schedule' }) };
    }
    const target = req.headers['x-amz-target'];
    if (req.method !== 'POST' || target !== 'AWSEvents.PutEvents') {
      return { status: 400, type: amz, body: JSON.stringify({ __type: 'UnknownOperationException', message: `unsupported operation ${String(target)}` }) };
    }
    let input: { Entries?: PutEntry[] };
    try {
      input = JSON.parse(raw) as { Entries?: PutEntry[] };
    } catch {
      return { status: 400, type: amz, body: JSON.stringify({ __type: 'SerializationException', message: 'body is not JSON' }) };
    }
    const entries = input.Entries ?? [];
    if (entries.length < 1 || entries.length > 10) {
      return { status: 400, type: amz, body: JSON.stringify({ __type: 'ValidationException', message: 'Entries must hold 1 to 10 entries' }) };
    }
    const results = this.putEvents(entries);
    const failed = results.filter((r) => 'ErrorCode' in r).length;
    return { status: 200, type: amz, body: JSON.stringify({ FailedEntryCount: failed, Entries: results }) };
  }

  /**
   * Accepts entries as PutEvents does, and schedules their delivery. With a journal, the accepted ones
   * are written to it when this returns; if it cannot be written they fail with `InternalFailure` (and
   * are not delivered), as a PutEvents entry may.
   */
  putEvents(entries: PutEntry[]): EntryResult[] {
    const accepted: { index: number; entry: PutEntry; event: BusEnvelope }[] = [];
    const results = entries.map((e, index): EntryResult => {
      const bus = e.EventBusName ?? 'default';
      if (bus !== this.o.busName && !bus.endsWith(`:event-bus/${this.o.busName}`)) {
        return { ErrorCode: 'NotFoundException', ErrorMessage: `Event bus ${bus} does not exist.` };
      }
      if (!e.Source || !e.DetailType || e.Detail === undefined) {
        return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Parameters Source, DetailType and Detail are required.' };
      }
      let detail: unknown;
      try {
        detail = JSON.parse(e.Detail);
      } catch {
        return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
      }
      if (!detail || typeof detail !== 'object' || Array.isArray(detail)) {
        return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
      }
      const id = randomUUID();
      const time = e.Time ? new Date(typeof e.Time === 'number' ? e.Time * 1000 : e.Time) : new Date();
      const envelope: BusEnvelope = {
        version: '0', id, 'detail-type': e.DetailType, source: e.Source, account: ACCOUNT,
        time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'), region: LOCAL_REGION, resources: e.Resources ?? [], detail,
      };
      accepted.push({ index, entry: e, event: envelope });
      return { EventId: id };
    });
    const batch = accepted.map((a) => ({ a, consumers: consumersOf(a.event.source, a.event['detail-type']) }));
    try {
      this.journal(batch.filter((b) => b.consumers.length).map((b) => ({ event: b.a.event, consumers: new Set(b.consumers) })));
    } catch (err) {
      const message = `journal not written: ${(err as Error).message}`;
      this.o.log?.(`bus: ${message}`);
      for (const { index } of accepted) results[index] = { ErrorCode: 'InternalFailure', ErrorMessage: message };
      return results;
    }
    for (const { a, consumers } of batch) {
      this.recorded.push({ ...a.entry, EventId: a.event.id });
      this.dispatch(a.event, consumers);
    }
    return results;
  }

  private dispatch(event: BusEnvelope, consumers: ServiceName[]) {
    if (!this.o.deliver || this.closed) return;
    const copies = this.o.duplicates ? 2 : 1;
    const jobs = consumers.flatMap((c) => Array.from({ length: copies }, () => c));
    if (this.o.duplicates) jobs.sort(() => Math.random() - 0.5);
    for (const consumer of jobs) {
      const wait = this.o.duplicates ? Math.floor(Math.random() * 50) : 0;
      this.track(delay(wait).then(() => this.deliverWithRetry(consumer, event)));
    }
  }

  private track(p: Promise<void>) {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  private async deliverWithRetry(consumer: ServiceName, event: BusEnvelope): Promise<void> {
    const delays = this.o.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    let lastError: unknown;
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0) await delay(delays[attempt - 1]!);
      if (this.closed) return; // stays pending in the journal
      try {
        await this.o.deliver!(consumer, event);
        this.finished(event, consumer);
        return;
      } catch (err) {
        lastError = err;
      }
    }
    // A failure while the bus closes is the stack stopping, not the consumer: keep it for the next run.
    if (this.closed) return;
    const error = lastError instanceof Error ? lastError.message : String(lastError);
    this.o.log?.(`bus: ${event['detail-type']} ${event.id} to ${consumer} dead-lettered after ${delays.length + 1} tries: ${error}`);
    if (this.o.deadLetterFile) {
      appendFileSync(this.o.deadLetterFile, `${JSON.stringify({ at: new Date().toISOString(), consumer, tries: delays.length + 1, error, event })}\n`);
    }
    this.finished(event, consumer);
  }

  /** Resolves once every delivery accepted so far (and those they caused) has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Starts every schedule: the first tick one interval after start, as an EventBridge rate rule. */
  startSchedules() {
    for (const s of schedules) {
      const t = setInterval(() => this.tick(s.name), rateMs(s.expression));
      t.unref();
      this.timers.push(t);
    }
  }

  /** Delivers one tick of a schedule now (also reachable at POST /__local/schedules/<name>). */
  tick(name: string): boolean {
    const s = schedules.find((x) => x.name === name);
    if (!s || !this.o.deliver || this.closed) return false;
    const event: BusEnvelope = {
      version: '0', id: randomUUID(), 'detail-type': SCHEDULE_DETAIL_TYPE, source: 'aws.events', account: ACCOUNT,
      time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), region: LOCAL_REGION,
      resources: [`arn:aws:events:${LOCAL_REGION}:${ACCOUNT}:rule/torcedor-${s.name}`], detail: { schedule: s.name },
    };
    try {
      this.journal([{ event, consumers: new Set([s.target]) }]);
    } catch (err) {
      this.o.log?.(`bus: journal not written (${(err as Error).message}): tick of ${s.name} not kept across a restart`);
    }
    this.track(this.deliverWithRetry(s.target, event));
    return true;
  }

  /**
   * Stops the schedules, gives deliveries in flight `graceMs` to finish, then stops delivering (what is
   * unfinished stays in the journal for the next run) and closes the endpoint and the journal.
   */
  async close(graceMs = 2000): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await Promise.race([this.idle(), delay(graceMs)]);
    this.closed = true;
    if (this.server) {
      const srv = this.server;
      this.server = undefined;
      await new Promise<void>((resolve) => { srv.close(() => resolve()); srv.closeAllConnections(); });
    }
    if (this.journalFd !== undefined) {
      const fd = this.journalFd;
      this.journalFd = undefined;
      closeSync(fd);
      this.compactJournal();
    }
  }
}
