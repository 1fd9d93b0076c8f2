import { badRequest } from '@torcedor/service-kit/errors';

/** Page cursors: the last event's timeline key (`<startAt>#<id>`), base64url, opaque to the page. */
const SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z#[A-Za-z0-9_-]{1,64}$/;

export const encodeCursor = (sk: string) => Buffer.from(sk, 'utf8').toString('base64url');

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!SHAPE.test(sk)) throw badRequest('Invalid cursor', [{ path: ['cursor'], message: 'Invalid cursor' }]);
  return sk;
}
