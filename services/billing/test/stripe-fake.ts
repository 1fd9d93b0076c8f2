import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stateful stand-in for Stripe's API, for tests: the real `stripe` client talks to it over HTTP
 * (STRIPE_API_URL / StripeSettings.apiUrl). It knows the endpoints the Stripe provider calls (customers,
 * subscriptions: create, retrieve, update, cancel), parses form bodies with Stripe's bracket notation, honours
 * Idempotency-Key and answers Stripe-shaped JSON for API version 2026-10-28 (the period end on the items, the
 * client secret on the latest invoice's `confirmation_secret`, the invoice's subscription under `parent`).
 */

export interface FakeCustomer {
  id: string;
  object: 'customer';
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amount_due: number;
  currency: string;
  created: number;
  livemode: false;
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { metadata: Record<string, string>; subscription: string } };
  /** Includable: only in answers that expand `latest_invoice.confirmation_secret`. */
  confirmation_secret: { client_secret: string; type: 'payment_intent' };
}

export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  created: number;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  payment_behavior: string | null;
  save_default_payment_method: string | null;
  latest_invoice: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
}

export interface StripeFake {
  /** The base URL to give the client (StripeSettings.apiUrl, STRIPE_API_URL). */
  url: string;
  close(): Promise<void>;
  state: { customers: Map<string, FakeCustomer>; subscriptions: Map<string, FakeSubscription>; invoices: Map<string, FakeInvoice> };
  /** Every request received, failed ones included, oldest first. */
  requests: FakeRequest[];
  /**
   * The next `times` requests whose path matches answer `status` with a Stripe error, before doing anything (like
   * an outage in front of Stripe): nothing changes and nothing is kept under their Idempotency-Key.
   */
  failNext(path: RegExp, status: number, times?: number): void;
  setSubscription(id: string, patch: Partial<FakeSubscription>): void;
  /**
   * What Stripe does once the Payment Element confirms the first payment: the subscription turns active with a
   * period ending a month from now and its invoice paid. Returns the `customer.subscription.updated` event.
   */
  pay(subscriptionId: string): StripeEvent;
  /** The subscription as Stripe shows it (`latest_invoice` an id unless expanded). */
  subscription(id: string, expand?: string[]): Record<string, unknown>;
  /** A Stripe event about an object, e.g. `fake.event('invoice.paid', fake.invoice(sub.latest_invoice))`. */
  event(type: string, object: Record<string, unknown>, previousAttributes?: Record<string, unknown>): StripeEvent;
  /** The invoice as Stripe shows it (without its includable `confirmation_secret`). */
  invoice(id: string): Record<string, unknown>;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
}

const API_VERSION = '2026-10-28.endive';
const PRICE_AMOUNT = 999;

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** The same moment one calendar month later (as Stripe bills monthly). */
const oneMonthAfter = (unixSeconds: number) => {
  const d = new Date(unixSeconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
};

type Form = { [key: string]: FormValue };
type FormValue = string | FormValue[] | Form;

/** Parses `a[b][0][c]=v` pairs (Stripe's form encoding) into nested objects, arrays where all keys are indexes. */
export function parseForm(text: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Form = root;
    path.forEach((segment, i) => {
      // `a[]` appends: use the next free index.
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[key] = value;
      else node = (typeof node[key] === 'object' && node[key] !== null ? node[key] : (node[key] = {})) as Form;
    });
  }
  const arrays = (v: FormValue): FormValue => {
    if (typeof v === 'string') return v;
    const entries = Object.entries(v).map(([k, x]) => [k, arrays(x)] as const);
    const isList = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
    return isList ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, x]) => x) : Object.fromEntries(entries);
  };
  return arrays(root) as Form;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}
const missing = (what: string, id: string, param = 'id') =>
  new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${what}: '${id}'` });
const invalid = (message: string, param?: string) =>
  new StripeHttpError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

const str = (v: FormValue | undefined) => (typeof v === 'string' ? v : undefined);
const strings = (v: FormValue | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const record = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

export async function startStripeFake(): Promise<StripeFake> {
  const state: StripeFake['state'] = { customers: new Map(), subscriptions: new Map(), invoices: new Map() };
  const requests: FakeRequest[] = [];
  const failures: { path: RegExp; status: number; times: number }[] = [];
  /** Idempotency-Key → the first answer, and what it was for. */
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();

  const subscriptionOf = (id: string) => {
    const sub = state.subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    return sub;
  };

  const invoiceJson = (id: string, withSecret: boolean): Record<string, unknown> => {
    const { confirmation_secret, ...rest } = state.invoices.get(id)!;
    return withSecret ? { ...rest, confirmation_secret } : rest;
  };

  const subscriptionJson = (id: string, expand: string[] = []): Record<string, unknown> => {
    const s = subscriptionOf(id);
    const expandInvoice = expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'));
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      created: s.created,
      start_date: s.created,
      billing_cycle_anchor: s.created,
      cancel_at_period_end: s.cancel_at_period_end,
      cancel_at: s.cancel_at_period_end ? s.current_period_end : null,
      canceled_at: s.canceled_at,
      ended_at: s.ended_at,
      collection_method: 'charge_automatically',
      currency: 'usd',
      default_payment_method: s.status === 'incomplete' ? null : 'pm_fake_card',
      livemode: false,
      metadata: s.metadata,
      payment_settings: { save_default_payment_method: s.save_default_payment_method, payment_method_types: null, payment_method_options: null },
      items: {
        object: 'list',
        data: [
          {
            id: `si_${s.id.slice(4)}`,
            object: 'subscription_item',
            created: s.created,
            current_period_start: s.current_period_start,
            current_period_end: s.current_period_end,
            metadata: {},
            quantity: 1,
            subscription: s.id,
            price: {
              id: s.priceId,
              object: 'price',
              active: true,
              currency: 'usd',
              unit_amount: PRICE_AMOUNT,
              recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
              type: 'recurring',
            },
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${s.id}`,
      },
      latest_invoice: expandInvoice ? invoiceJson(s.latest_invoice, expand.includes('latest_invoice.confirmation_secret')) : s.latest_invoice,
    };
  };

  const event = (type: string, object: Record<string, unknown>, previousAttributes?: Record<string, unknown>): StripeEvent => ({
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
  });

  /** The endpoints: [status, body]. */
  function route(method: string, path: string, params: Form): [number, Record<string, unknown>] {
    const expand = strings(params.expand);
    if (method === 'POST' && path === '/v1/customers') {
      const customer: FakeCustomer = { id: newId('cus'), object: 'customer', created: now(), livemode: false, metadata: record(params.metadata) };
      state.customers.set(customer.id, customer);
      return [200, { ...customer, email: null, name: null }];
    }
    let m = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (m && method === 'GET') {
      const customer = state.customers.get(m[1]!);
      if (!customer) throw missing('customer', m[1]!);
      return [200, { ...customer, email: null, name: null }];
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = str(params.customer);
      if (!customer) throw invalid('Missing required param: customer.', 'customer');
      if (!state.customers.has(customer)) throw missing('customer', customer, 'customer');
      const items = Array.isArray(params.items) ? params.items : [];
      const first = items[0];
      const priceId = first && typeof first === 'object' && !Array.isArray(first) ? str(first.price) : undefined;
      if (items.length !== 1 || !priceId) throw invalid('This fake takes exactly one item with a price.', 'items');
      const paymentSettings = params.payment_settings && typeof params.payment_settings === 'object' && !Array.isArray(params.payment_settings) ? params.payment_settings : {};
      const created = now();
      const id = newId('sub');
      const invoiceId = newId('in');
      const metadata = record(params.metadata);
      const behavior = str(params.payment_behavior) ?? 'allow_incomplete';
      state.invoices.set(invoiceId, {
        id: invoiceId,
        object: 'invoice',
        customer,
        status: 'open',
        amount_due: PRICE_AMOUNT,
        currency: 'usd',
        created,
        livemode: false,
        parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: { ...metadata }, subscription: id } },
        confirmation_secret: { client_secret: `${newId('pi')}_secret_${randomBytes(12).toString('hex')}`, type: 'payment_intent' },
      });
      // Without a saved payment method the first invoice cannot be paid yet: the subscription waits, incomplete.
      state.subscriptions.set(id, {
        id,
        customer,
        status: 'incomplete',
        priceId,
        created,
        current_period_start: created,
        current_period_end: oneMonthAfter(created),
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        metadata,
        payment_behavior: behavior,
        save_default_payment_method: str((paymentSettings as Form).save_default_payment_method) ?? null,
        latest_invoice: invoiceId,
      });
      return [200, subscriptionJson(id, expand)];
    }
    m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (m) {
      const id = m[1]!;
      if (method === 'GET') return [200, subscriptionJson(id, expand)];
      if (method === 'POST') {
        const sub = subscriptionOf(id);
        if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        const cancel = str(params.cancel_at_period_end);
        if (cancel !== undefined) sub.cancel_at_period_end = cancel === 'true';
        Object.assign(sub.metadata, record(params.metadata));
        return [200, subscriptionJson(id, expand)];
      }
      if (method === 'DELETE') {
        const sub = subscriptionOf(id);
        // Stripe treats a canceled subscription as gone: canceling it again is "No such subscription".
        if (sub.status === 'canceled') throw missing('subscription', id);
        sub.status = 'canceled';
        sub.canceled_at = sub.ended_at = now();
        const invoice = state.invoices.get(sub.latest_invoice);
        if (invoice?.status === 'open') invoice.status = 'void';
        return [200, subscriptionJson(id, expand)];
      }
    }
    throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), 'stripe-version': API_VERSION, ...headers });
    res.end(body);
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const header = req.headers['idempotency-key'];
    const idempotencyKey = (Array.isArray(header) ? header[0] : header) ?? null;
    const body = await readBody(req);
    requests.push({ method, path, idempotencyKey });

    const failure = failures.find((f) => f.times > 0 && f.path.test(path));
    if (failure) {
      failure.times--;
      const type = failure.status === 429 ? 'rate_limit_error' : failure.status >= 500 ? 'api_error' : 'invalid_request_error';
      send(res, failure.status, JSON.stringify({ error: { type, message: `Injected failure (${failure.status})` } }));
      return;
    }
    if (!/^Bearer sk_/.test(req.headers.authorization ?? '')) {
      send(res, 401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }));
      return;
    }
    const fingerprint = `${method} ${path}\n${body}`;
    if (idempotencyKey && method !== 'GET') {
      const kept = idempotent.get(idempotencyKey);
      if (kept && kept.fingerprint !== fingerprint) {
        const message = 'Keys for idempotent requests can only be used with the same parameters they were first used with.';
        send(res, 400, JSON.stringify({ error: { type: 'idempotency_error', message } }));
        return;
      }
      if (kept) {
        send(res, kept.status, kept.body, { 'idempotent-replayed': 'true', 'original-request': 'req_fake' });
        return;
      }
    }
    const params = { ...parseForm(url.search.slice(1)), ...parseForm(body) };
    let status: number;
    let answer: string;
    try {
      const [s, json] = route(method, path, params);
      [status, answer] = [s, JSON.stringify(json)];
    } catch (err) {
      if (!(err instanceof StripeHttpError)) throw err;
      [status, answer] = [err.status, JSON.stringify({ error: err.error })];
    }
    if (idempotencyKey && method !== 'GET') idempotent.set(idempotencyKey, { fingerprint, status, body: answer });
    send(res, status, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, JSON.stringify({ error: { type: 'api_error', message: String(err) } })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    state,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
    failNext(path, status, times = 1) {
      failures.push({ path, status, times });
    },
    setSubscription(id, patch) {
      Object.assign(subscriptionOf(id), patch);
    },
    pay(subscriptionId) {
      const sub = subscriptionOf(subscriptionId);
      const previous = { status: sub.status };
      const paidAt = now();
      Object.assign(sub, { status: 'active', current_period_start: paidAt, current_period_end: oneMonthAfter(paidAt) });
      const invoice = state.invoices.get(sub.latest_invoice);
      if (invoice) invoice.status = 'paid';
      return event('customer.subscription.updated', subscriptionJson(subscriptionId), previous);
    },
    subscription: (id, expand) => subscriptionJson(id, expand),
    event,
    invoice: (id) => {
      if (!state.invoices.has(id)) throw new Error(`No such invoice: ${id}`);
      return invoiceJson(id, false);
    },
  };
}
