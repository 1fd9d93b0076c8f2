/**
 * The env a service function needs on the local stand-ins, the same the local stack gives each
 * service's worker thread. In an integration test:
 *
 *   Object.assign(process.env, serviceEnv('social', inject('localAws')));
 *   const { handler } = await import('../src/http.ts');
 */
export { serviceEnv } from '../env.ts';
export type { LocalAws } from '../aws/local-aws.ts';

import type { LocalAws } from '../aws/local-aws.ts';

/** Events the services published during the test run (the test bus records every PutEvents entry). */
export async function publishedEvents(aws: Pick<LocalAws, 'eventBridgeEndpoint'>): Promise<
  { EventId: string; Source?: string; DetailType?: string; Detail?: string; EventBusName?: string }[]
> {
  const res = await fetch(`${aws.eventBridgeEndpoint}/__local/entries`);
  return (await res.json()) as Awaited<ReturnType<typeof publishedEvents>>;
}
