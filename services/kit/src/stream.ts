import type { Context } from 'aws-lambda';
import type { Writable } from 'node:stream';
import { logger } from './logger.ts';
import { sseText, STREAM_EVENTS, type HttpEvent, type StreamingResult } from './http.ts';

/**
 * Lambda's response streaming (docs/api.md, "Streaming"): the Node runtime's global `awslambda`. The local stack's
 * runtime provides the same two functions (local/src/lambda/host.ts).
 */
interface ResponseStream extends Writable { setContentType?(type: string): void }
declare const awslambda: {
  streamifyResponse(fn: (event: HttpEvent, stream: ResponseStream, context: Context) => Promise<void>): unknown;
  HttpResponseStream: { from(stream: ResponseStream, prelude: { statusCode: number; headers?: Record<string, string>; cookies?: string[] }): ResponseStream };
};

const write = (stream: Writable, text: string) => new Promise<void>((resolve, reject) => {
  stream.write(text, (err) => (err ? reject(err) : resolve()));
});

/**
 * The stream function of a service: its HTTP handler (same routes, checks and errors), whose streamed answers are
 * written event by event; every other answer (an error before the first byte) is written whole with its status.
 */
export function createStreamHandler(http: (event: HttpEvent, context: Context) => Promise<StreamingResult>) {
  return awslambda.streamifyResponse(async (event, responseStream, context) => {
    const result = await http(event, context);
    const events = result[STREAM_EVENTS];
    const out = awslambda.HttpResponseStream.from(responseStream, {
      statusCode: result.statusCode ?? 200, headers: result.headers as Record<string, string> | undefined, ...(result.cookies ? { cookies: result.cookies } : {}),
    });
    try {
      if (events) {
        for await (const e of events) await write(out, sseText(e));
      } else if (typeof result.body === 'string') {
        await write(out, result.body);
      }
    } catch (error) {
      // The events themselves end with an `error` event on failure; this is a client gone or a broken stream.
      logger.warn('stream ended early', { error: error as Error });
    } finally {
      out.end();
    }
  });
}
