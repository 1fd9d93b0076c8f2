/**
 * The "Lambda runtime" of one service inside a worker thread: imports the service's bundled http, worker, stream
 * and socket functions once (cold start), then runs each invocation it is sent with a Lambda-like context.
 * Bundled by esbuild into <DATA_DIR>/build/host.mjs; the thread's process.env is the service's own.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { FUNCTION_KIND_SETTING } from '@torcedor/shared/runtime';
import type { FunctionKind, HostData, HostMessage, InvokeMessage } from './protocol.ts';

type Handler = (event: unknown, context: unknown) => Promise<unknown>;

const data = workerData as HostData;
const port = parentPort!;
process.setSourceMapsEnabled(true);

const post = (m: HostMessage) => port.postMessage(m);

/** The invocation a response stream belongs to (set while a stream function runs). */
const STREAM_ID = Symbol('invocation');
interface LocalResponseStream extends Writable { [STREAM_ID]: number }
const STREAMIFIED = Symbol('streamified');
type StreamFn = (event: unknown, stream: LocalResponseStream, context: unknown) => Promise<void>;

/**
 * Lambda's response streaming, as the Node runtime provides it (the global `awslambda`): the prelude (status,
 * headers, cookies) goes to the gateway first, then each chunk as it is written.
 */
Object.assign(globalThis, {
  awslambda: {
    streamifyResponse: (fn: StreamFn) => Object.assign(fn, { [STREAMIFIED]: true }),
    HttpResponseStream: {
      from(stream: LocalResponseStream, prelude: { statusCode: number; headers?: Record<string, string>; cookies?: string[] }) {
        post({ type: 'head', id: stream[STREAM_ID], prelude });
        return stream;
      },
    },
  },
});

function responseStream(id: number): { stream: LocalResponseStream; ended: Promise<void> } {
  let ended!: () => void;
  const done = new Promise<void>((r) => { ended = r; });
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      post({ type: 'chunk', id, data: typeof chunk === 'string' ? chunk : chunk.toString('utf8') });
      cb();
    },
    final(cb) {
      ended();
      cb();
    },
  }) as LocalResponseStream;
  stream[STREAM_ID] = id;
  return { stream, ended: done };
}

const handlers: Partial<Record<FunctionKind, Handler>> = {};
for (const fn of ['http', 'worker', 'stream', 'socket'] as const) {
  const file = data.entries[fn];
  if (!file) continue;
  // What CDK sets per function: each bundle reads it as it loads (its SDK clients' deadlines, services/kit/src/aws.ts).
  process.env[FUNCTION_KIND_SETTING] = fn;
  const mod = (await import(pathToFileURL(file).href)) as { handler?: Handler };
  if (typeof mod.handler !== 'function') throw new Error(`${data.service}/${fn} does not export a handler`);
  handlers[fn] = mod.handler;
}

function context(fn: FunctionKind, requestId: string) {
  const functionName = `torcedor-${data.service}-${fn}`;
  const deadline = Date.now() + data.timeoutsMs[fn];
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

port.on('message', (msg: InvokeMessage) => {
  if (msg.type !== 'invoke') return;
  const handler = handlers[msg.fn];
  void (async () => {
    try {
      if (!handler) throw new Error(`${data.service} has no ${msg.fn} function`);
      let result: unknown;
      if ((handler as { [STREAMIFIED]?: boolean })[STREAMIFIED]) {
        const { stream, ended } = responseStream(msg.id);
        await (handler as unknown as StreamFn)(msg.event, stream, context(msg.fn, msg.requestId));
        await ended;
      } else {
        result = await handler(msg.event, context(msg.fn, msg.requestId));
      }
      try {
        post({ type: 'result', id: msg.id, ok: true, result });
      } catch (err) {
        throw new Error(`the handler returned a value that cannot be serialized: ${(err as Error).message}`);
      }
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      post({ type: 'result', id: msg.id, ok: false, error: { name: e.name, message: e.message, stack: e.stack } });
    }
  })();
});

post({ type: 'ready' });
