import { createServer, Socket, type Server } from 'node:net';

/**
 * A TCP proxy in front of a dependency that can freeze it, as a network partition or a stopped process looks:
 * while frozen, connections are accepted and bytes are taken in but nothing is forwarded either way; on thaw
 * everything held is forwarded, so a request sent during the freeze still reaches the dependency late (and a
 * write can commit after its caller gave up). `freezeOn(text)` freezes the moment a request containing `text`
 * passes, e.g. 'TransactWriteItems' to freeze the database with a transaction in flight.
 */
export async function startFaultProxy(upstreamPort: number, upstreamHost = '127.0.0.1') {
  let frozen = false;
  let trigger: string | null = null;
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const forward = (write: () => void) => (frozen ? held.push(write) : write());

  const server: Server = createServer((client) => {
    const upstream = new Socket();
    sockets.add(client).add(upstream);
    upstream.connect(upstreamPort, upstreamHost);
    client.on('data', (chunk) => {
      if (trigger && chunk.toString('latin1').includes(trigger)) {
        trigger = null;
        frozen = true;
      }
      forward(() => upstream.writable && upstream.write(chunk));
    });
    upstream.on('data', (chunk) => forward(() => client.writable && client.write(chunk)));
    const end = () => { client.destroy(); upstream.destroy(); sockets.delete(client); sockets.delete(upstream); };
    client.on('close', () => forward(end));
    upstream.on('close', () => forward(end));
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    freeze: () => { frozen = true; },
    freezeOn: (text: string) => { trigger = text; },
    thaw: () => {
      frozen = false;
      trigger = null;
      for (const write of held.splice(0)) write();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
