import { createStreamHandler } from '@torcedor/service-kit/stream';
import { handler as http } from './http.ts';

/**
 * VitolAI's stream function (docs/api.md, "Streaming"): the ai HTTP handler behind a Lambda function URL with
 * response streaming; the CDN sends the `stream: true` routes here.
 */
export const handler = createStreamHandler(http);
