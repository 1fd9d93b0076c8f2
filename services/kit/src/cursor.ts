import { badRequest } from './errors.ts';

/**
 * Page cursors (social's feed and profiles, the events list): the sort key of the last item shown (`<ISO time>#<id>`),
 * base64url-encoded so they are opaque to the page and safe in a URL. A cursor that does not decode to that shape
 * is a 400.
 */
const SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z#[A-Za-z0-9_-]{1,64}$/;

export const encodeCursor = (sk: string) => Buffer.from(sk, 'utf8').toString('base64url');

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!SHAPE.test(sk)) throw badRequest('Invalid cursor', [{ path: ['cursor'], message: 'Invalid cursor' }]);
  return sk;
}
