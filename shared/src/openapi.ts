import * as z from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from './constants.ts';
import { ERROR_STATUS_TEXT, RETRY_AFTER_STATUSES } from './errors.ts';
import { errorStatusesOf } from './route-errors.ts';
import { routeList } from './routes.ts';
import { SERVICE_DESCRIPTIONS } from './services.ts';
import { ErrorBody } from './schemas/common.ts';
import { TEXT_MEDIA_TYPES, type RouteDef } from './route.ts';

const json = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', required: true, schema: { type: 'integer', minimum: 1 } },
};

/** The success answer of a route: JSON of its response schema, a redirect, or a text document (HTML, iCalendar). */
function success(r: RouteDef) {
  if (r.navigation) {
    return { description: 'Redirect', headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } } };
  }
  if (r.text) {
    const description = { html: 'An HTML page', calendar: 'An iCalendar file (RFC 5545)', 'event-stream': "Server-sent events: `delta` events ({text}) as the answer is written, then `done` with the answer, or `error` ({message, code})" }[r.text];
    return { description, content: { [TEXT_MEDIA_TYPES[r.text]]: { schema: { type: 'string' } } } };
  }
  return { description: 'Success', content: { 'application/json': { schema: json(r.response, 'output') } } };
}

/** One answer per error status, its body the shared Error schema narrowed to the codes this route gives. */
function errorResponses(r: RouteDef) {
  const out: Record<string, unknown> = {};
  for (const [status, codes] of errorStatusesOf(r)) {
    out[String(status)] = {
      description: `${ERROR_STATUS_TEXT[status]}: ${codes.join(', ')}`,
      ...(RETRY_AFTER_STATUSES.includes(status) ? { headers: RETRY_AFTER } : {}),
      content: {
        'application/json': {
          schema: { allOf: [ERROR_REF, { type: 'object', required: ['code'], properties: { code: { enum: codes } } }] },
        },
      },
    };
  }
  return out;
}

/** A deployment names its origin; the local stack's document says "this origin" rather than advertise localhost. */
function servedFrom(origin: string) {
  const local = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/.test(origin);
  return local ? { url: '/', description: 'The origin serving this document (the local stack)' } : { url: origin, description: 'This Torcedor deployment' };
}

/**
 * The OpenAPI 3.1 document, generated from the routes manifest: every operation with its parameters, body,
 * success answer and every error answer it can give (docs/api.md). `origin` is where the API is served.
 */
export function openApiDocument(origin = 'http://localhost:3000') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routeList) {
    const parameters: unknown[] = [];
    for (const [where, schema] of [['path', r.params], ['query', r.query]] as const) {
      if (!schema) continue;
      const js = json(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: s });
      }
    }
    if (r.idempotent) {
      parameters.push({
        name: 'Idempotency-Key', in: 'header', required: false,
        description: 'A fresh key per action, reused on its retries: a repeat with the same key (and body) answers the first answer without doing the work again, for 24 hours, per member.',
        schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
      });
    }
    (paths[r.path] ??= {})[r.method.toLowerCase()] = {
      operationId: r.id,
      summary: r.summary,
      tags: [r.service],
      'x-access': r.access,
      security: r.access === 'public' ? [] : [{ session: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: json(r.body, 'input') } } } }
        : {}),
      responses: {
        [String(r.status ?? 200)]: success(r),
        ...errorResponses(r),
        // A browser navigation succeeds with its redirect; any other answer is an Error body.
        ...(r.navigation ? { default: { description: 'Any other answer', content: { 'application/json': { schema: ERROR_REF } } } } : {}),
      },
    };
  }
  const tags = [...new Set(routeList.map((r) => r.service))].map((name) => ({ name, description: SERVICE_DESCRIPTIONS[name] }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Torcedor API',
      version: '1.0.0',
      summary: 'The API of Torcedor, the age-verified social club for adult cigar enthusiasts.',
      description:
        'Every route is generated from the routes manifest (shared/src/routes.ts). Member and owner routes need the ' +
        'HttpOnly session cookie set by sign-in. Every error answer has the body `{message, code, issues?}`; each ' +
        "operation lists the codes it can give under their status. State-changing requests must come from the app's " +
        'own origin with `Content-Type: application/json`.',
      contact: { name: 'Torcedor support', url: `${origin}/terms` },
      license: { name: 'Proprietary: Torcedor Terms of Service', url: `${origin}/terms` },
    },
    servers: [servedFrom(origin)],
    tags,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'torcedor_session', description: 'The HttpOnly session cookie set by sign-in' },
      },
      schemas: { Error: json(ErrorBody, 'output') },
    },
    paths,
  };
}
