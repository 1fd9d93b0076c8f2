import { clientOptions } from '@torcedor/service-kit/aws';
import { traced } from '@torcedor/service-kit/observability';
import { config } from '../config.ts';

/**
 * The open sockets' side of live delivery (docs/architecture.md, "Live delivery"): API Gateway's management API of the
 * WebSocket API (`POST /@connections/{id}` sends a frame, `DELETE` closes the socket), or the local gateway's stand-in
 * at the same protocol. Reached at LIVE_ENDPOINT; without it (unit tests, a stack without sockets) there is none.
 */
export interface LiveChannel {
  /** Sends one text frame: 'gone' when the connection no longer exists (410), else 'sent'; any other failure is thrown. */
  post(connectionId: string, frame: unknown): Promise<'sent' | 'gone'>;
  /** Closes the socket (a connection already gone is fine). */
  close(connectionId: string): Promise<void>;
}

type Sdk = typeof import('@aws-sdk/client-apigatewaymanagementapi');
/** The client, created on the first frame sent and then kept: the HTTP function never loads it. */
let client: Promise<{ sdk: Sdk; api: InstanceType<Sdk['ApiGatewayManagementApiClient']> }> | undefined;
const management = (endpoint: string) => (client ??= import('@aws-sdk/client-apigatewaymanagementapi').then((sdk) => ({
  sdk, api: traced(new sdk.ApiGatewayManagementApiClient({ region: config.AWS_REGION, endpoint, ...clientOptions() })),
})));

/** A connection that no longer exists: the management API answers 410 GoneException. */
export const isGone = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'GoneException' || e?.$metadata?.httpStatusCode === 410;
};

const channel = (endpoint: string): LiveChannel => ({
  async post(connectionId, frame) {
    const { sdk, api } = await management(endpoint);
    try {
      await api.send(new sdk.PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(frame)) }));
      return 'sent';
    } catch (err) {
      if (isGone(err)) return 'gone';
      throw err;
    }
  },
  async close(connectionId) {
    const { sdk, api } = await management(endpoint);
    try {
      await api.send(new sdk.DeleteConnectionCommand({ ConnectionId: connectionId }));
    } catch (err) {
      if (!isGone(err)) throw err;
    }
  },
});

let configured: LiveChannel | undefined;
/** The live channel of this function, or undefined when LIVE_ENDPOINT is not set. */
export function liveChannel(): LiveChannel | undefined {
  if (!config.LIVE_ENDPOINT) return undefined;
  return (configured ??= channel(config.LIVE_ENDPOINT));
}
