import { Logger } from '@aws-lambda-powertools/logger';

const level = process.env.LOG_LEVEL ?? 'INFO';
/** One structured logger per function, created at module scope. */
export const logger = new Logger({
  serviceName: process.env.SERVICE_NAME ?? 'torcedor',
  logLevel: level as 'INFO',
});
