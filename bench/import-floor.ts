/**
 * B6's floor: what every function imports before any of our code (the DynamoDB document client, Powertools' Logger
 * and, with tracing on, its Tracer), bundled as a function is and imported the same way in the same run.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const logger = new Logger();
export const tracer = new Tracer();
