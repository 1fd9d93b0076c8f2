import * as z from 'zod';
import { routeList } from './routes.ts';
import { ErrorBody } from './schemas/common.ts';

const json = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

/** The OpenAPI 3.1 document, generated from the routes manifest. */
export function openApiDocument(serverUrl = '/') {
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
    const status = String(r.status ?? 200);
    const responses: Record<string, unknown> = {
      [status]: r.navigation
        ? { description: 'Redirect' }
        : { description: 'Success', content: { 'application/json': { schema: json(r.response, 'output') } } },
      default: { description: 'Error', content: { 'application/json': { schema: json(ErrorBody, 'output') } } },
    };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = {
      operationId: r.id,
      summary: r.summary,
      tags: [r.service],
      'x-access': r.access,
      ...(r.access !== 'public' ? { security: [{ session: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: json(r.body, 'input') } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Torcedor API', version: '1.0.0' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'torcedor_session' } } },
    paths,
  };
}
