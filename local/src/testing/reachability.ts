import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

/** The machine's own addresses other than loopback (link-local IPv6 left out: it needs a scope id). */
export function nonLoopbackAddresses(family: 'IPv4' | 'IPv6'): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === family && !a.internal && !a.address.startsWith('fe80:'))
    .map((a) => a.address);
}

export type Reach = 'connected' | 'refused' | 'timeout' | `error ${string}`;

/** What a TCP connection to host:port does: accepted, refused (nothing listens there), or something else. */
export function tryConnect(host: string, port: number, timeoutMs = 2000): Promise<Reach> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (r: Reach) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    socket.once('connect', () => done('connected'));
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code === 'ECONNREFUSED' ? 'refused' : `error ${err.code ?? err.message}`));
  });
}

/** The port of an endpoint URL (http://host:port). */
export const portOf = (endpoint: string) => Number(new URL(endpoint).port);
