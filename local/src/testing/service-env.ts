/**
 * The env a service function needs on the local stand-ins, the same the local stack gives each
 * service's worker thread. In an integration test:
 *
 *   Object.assign(process.env, serviceEnv('social', inject('localAws')));
 *   const { handler } = await import('../src/http.ts');
 */
export { serviceEnv } from '../env.ts';
export type { LocalAws } from '../aws/local-aws.ts';
/**
 * The WebSocket stand-in on its own loopback port, for tests of socket and push code: start it with the socket
 * handler as `invoke`, then give its `endpoint` as LIVE_ENDPOINT (`serviceEnv('social', aws, { liveEndpoint })`)
 * and open `ws` clients at its `url`.
 *
 *   const live = await serveLive({ invoke: (event) => socketHandler(event, context) });
 */
export { serveLive, type LiveSocketEvent } from '../gateway/live.ts';

import type { LocalAws } from '../aws/local-aws.ts';

/** Events the services published during the test run (the test bus records every PutEvents entry). */
export async function publishedEvents(aws: Pick<LocalAws, 'eventBridgeEndpoint'>): Promise<
  { EventId: string; Source?: string; DetailType?: string; Detail?: string; EventBusName?: string }[]
> {
  const res = await fetch(`${aws.eventBridgeEndpoint}/__local/entries`);
  return (await res.json()) as Awaited<ReturnType<typeof publishedEvents>>;
}
