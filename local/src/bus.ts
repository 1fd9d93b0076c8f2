import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  domainEvents, eventSource, rateMs, schedules, SCHEDULE_DETAIL_TYPE, subscriptions, type EventName,
} from '@torcedor/shared/events';
import type { ServiceName } from '@torcedor/shared/services';
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
  /** Delays between tries (3 tries = 2 delays). */
  retryDelaysMs?: number[];
  log?: (line: string) => void;
}

const ACCOUNT = '000000000000';
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The consumers of an event: the subscriptions manifest, matched on detail type and source like CDK's rules. */
export function consumersOf(source: string, detailType: string): ServiceName[] {
  const def = domainEvents[detailType as EventName];
  if (!def || eventSource(def.source) !== source) return [];
  return subscriptions.filter((s) => s.event === detailType).map((s) => s.consumer);
}

/**
 * The local EventBridge: an endpoint speaking the AWS JSON 1.1 `AWSEvents.PutEvents` action (what the
 * SDK's EventBridgeClient sends), asynchronous at-least-once delivery from the subscriptions manifest
 * to the consumer's worker (3 tries with backoff, then a dead-letter line), and the schedules.
 * Bound to 127.0.0.1 only: like the real bus it is not reachable from the browser.
 */
export class LocalBus {
  readonly recorded: (PutEntry & { EventId: string })[] = [];
  private server: Server | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(private readonly o: LocalBusOptions) {}

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

  /** Accepts entries as PutEvents does, and schedules their delivery. */
  putEvents(entries: PutEntry[]): EntryResult[] {
    return entries.map((e): EntryResult => {
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
      this.recorded.push({ ...e, EventId: id });
      const time = e.Time ? new Date(typeof e.Time === 'number' ? e.Time * 1000 : e.Time) : new Date();
      const envelope: BusEnvelope = {
        version: '0', id, 'detail-type': e.DetailType, source: e.Source, account: ACCOUNT,
        time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'), region: LOCAL_REGION, resources: e.Resources ?? [], detail,
      };
      this.dispatch(envelope);
      return { EventId: id };
    });
  }

  private dispatch(event: BusEnvelope) {
    if (!this.o.deliver || this.closed) return;
    const consumers = consumersOf(event.source, event['detail-type']);
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
    const delays = this.o.retryDelaysMs ?? [200, 1000];
    let lastError: unknown;
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0) await delay(delays[attempt - 1]!);
      if (this.closed) return;
      try {
        await this.o.deliver!(consumer, event);
        return;
      } catch (err) {
        lastError = err;
      }
    }
    const error = lastError instanceof Error ? lastError.message : String(lastError);
    this.o.log?.(`bus: ${event['detail-type']} ${event.id} to ${consumer} dead-lettered after ${delays.length + 1} tries: ${error}`);
    if (this.o.deadLetterFile) {
      appendFileSync(this.o.deadLetterFile, `${JSON.stringify({ at: new Date().toISOString(), consumer, tries: delays.length + 1, error, event })}\n`);
    }
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
    this.track(this.deliverWithRetry(s.target, event));
    return true;
  }

  async close(graceMs = 2000): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await Promise.race([this.idle(), delay(graceMs)]);
    this.closed = true;
    if (this.server) {
      const srv = this.server;
      await new Promise<void>((resolve) => { srv.close(() => resolve()); srv.closeAllConnections(); });
    }
  }
}
