import { RETRY_AFTER_STATUSES, type ErrorStatus } from '@torcedor/shared/errors';
import { errorStatusesOf } from '@torcedor/shared/route-errors';
import { ErrorBody } from '@torcedor/shared/schemas/common';
import { TEXT_MEDIA_TYPES } from '@torcedor/shared/route';
import { routeList } from '@torcedor/shared/routes';

/**
 * Every answer a service gives in the integration suites is checked against what the OpenAPI document
 * declares for its operation (both come from the routes manifest): the status must be the route's success
 * status or one of its declared error statuses, a success body must match the route's response schema, and an
 * error body must be an ErrorBody whose code is declared under that status. So the document cannot drift
 * from the code: an answer it does not describe fails the test that produced it.
 */

const placeholders = (path: string) => (path.match(/\{/g) ?? []).length;
/** Literal paths before templated ones, so /api/humidor/summary is never taken for /api/humidor/{id}. */
const matchers = [...routeList].sort((a, b) => placeholders(a.path) - placeholders(b.path)).map((r) => ({
  route: r,
  pattern: new RegExp(`^${r.path.split('/').map((seg) => (seg.startsWith('{') ? '[^/]+' : seg.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`),
}));

/** The manifest route answering `method path`, or undefined for a path no route declares. */
export function routeFor(method: string, path: string) {
  const bare = path.split('?')[0]!;
  return matchers.find((m) => m.route.method === method && m.pattern.test(bare))?.route;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Throws with a precise message when the answer is not one the document declares for the operation. */
export function assertDeclaredAnswer(method: string, path: string, answer: Answer): void {
  const r = routeFor(method, path);
  if (!r) return; // an unknown path: the router's own 404, not an operation of the document
  const where = `${r.id} (${method} ${path}) answered ${answer.status}`;
  const fail = (why: string) => {
    throw new Error(`Undeclared answer: ${where}: ${why}. Declare it in shared/src/routes.ts or fix the handler (docs/api.md).`);
  };
  const success = r.status ?? 200;
  if (answer.status === success) {
    if (r.navigation) {
      if (!answer.headers.location) fail('a redirect without a Location header');
      return;
    }
    if (r.text) {
      if (!answer.headers['content-type']?.startsWith(TEXT_MEDIA_TYPES[r.text])) fail(`the answer is not ${TEXT_MEDIA_TYPES[r.text]}`);
      return;
    }
    const parsed = r.response.safeParse(answer.body);
    if (!parsed.success) fail(`the body does not match the response schema: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return;
  }
  const declared = errorStatusesOf(r).get(answer.status as ErrorStatus);
  if (!declared) fail(`status ${answer.status} is not declared (declared: ${success}, ${[...errorStatusesOf(r).keys()].join(', ')})`);
  const body = ErrorBody.strict().safeParse(answer.body);
  if (!body.success) fail(`the body is not an ErrorBody: ${JSON.stringify(answer.body)}`);
  if (!declared!.includes(body.data!.code as never)) fail(`code ${body.data!.code} is not declared under ${answer.status} (declared: ${declared!.join(', ')})`);
  if (RETRY_AFTER_STATUSES.includes(answer.status as ErrorStatus) && !/^[1-9]\d*$/.test(answer.headers['retry-after'] ?? '')) {
    fail('no Retry-After header of whole seconds');
  }
}
