import { createSocketHandler } from '@torcedor/service-kit/socket';
import { connect, disconnect, message } from './handlers/live.ts';

/** The live socket (docs/architecture.md, "Live delivery"): API Gateway's WebSocket routes, each to its handler. */
export const handler = createSocketHandler('social', { $connect: connect, $disconnect: disconnect, $default: message });
