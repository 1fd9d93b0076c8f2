import { Gateway } from '../gateway/server.ts';
import type { SeedApi } from '../seed/context.ts';
import type { StackRun } from './run.ts';

/** The local gateway on the app's port (SPA + /api), invoking the services' runtimes once they are loaded. */
export function createGateway(run: StackRun): Gateway {
  return new Gateway({
    port: run.port,
    originProof: run.originProof,
    dev: run.dev,
    stripe: Boolean(process.env.STRIPE_SECRET_KEY),
    accessLog: run.opts.accessLog ?? run.dev,
    uploadsOrigin: () => run.uploadsOrigin,
    mailOrigin: () => run.mailOrigin,
    log: (line) => console.log(`  ${line}`),
    invoke: (service, event) => run.runtimes.get(service)!.invoke('http', event),
    invokeStream: (service, event, listeners) => run.runtimes.get(service)!.invokeStream(event, listeners),
    invokeSocket: (service, event) => run.runtimes.get(service)!.invoke('socket', event),
  });
}

/** An /api call through the gateway, in process: the seed's, the readiness check's and the caller's (tests, bench). */
export function gatewayApi(gateway: Gateway, port: number): SeedApi {
  return async (method, path, init = {}) => {
    const body = init.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(init.body));
    const res = await gateway.api({
      method,
      url: path,
      headers: {
        host: `localhost:${port}`,
        'user-agent': 'torcedor-local',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.cookies?.length ? { cookie: init.cookies.join('; ') } : {}),
        ...init.headers,
      },
      body,
      sourceIp: '127.0.0.1',
      port,
    });
    const text = res.body.toString('utf8');
    let parsed: unknown = text;
    try { parsed = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
    return { status: res.statusCode, headers: res.headers, cookies: res.cookies, body: parsed };
  };
}
