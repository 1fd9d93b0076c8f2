import { Logger } from '@aws-lambda-powertools/logger';

const level = process.env.LOG_LEVEL ?? 'INFO';
/**
 * One structured JSON logger per function, created at module scope. The kit's handlers add to every line the
 * Lambda context (function_request_id, cold_start), the service, the correlation id (the API request id, carried
 * through events to the workers) and the member id once the session is known; tokens and emails are never
 * logged (docs/observability.md).
 */
export const logger = new Logger({
  serviceName: process.env.SERVICE_NAME ?? 'torcedor',
  logLevel: level as 'INFO',
});
