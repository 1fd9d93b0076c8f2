import { plural, t } from '@lingui/core/macro';
import { ApiError, errorText } from './api-client';

/**
 * A wait in words, as it reads after 'in' ('You can ask again in …'): 'a few seconds', '45 seconds', '1 minute',
 * '12 minutes', 'about 2 hours'. In the app's language at the moment it is called (call it while rendering or when
 * the answer comes).
 */
export function waitWords(seconds: number): string {
  if (seconds < 5) return t({ message: 'a few seconds', comment: 'A wait, read after "in": "You can ask again in a few seconds"' });
  if (seconds < 60) {
    return t({ message: plural(seconds, { one: '# second', other: '# seconds' }), comment: 'A wait, read after "in"' });
  }
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return t({ message: plural(minutes, { one: '# minute', other: '# minutes' }), comment: 'A wait, read after "in"' });
  const hours = Math.round(minutes / 60);
  return t({ message: plural(hours, { one: 'about # hour', other: 'about # hours' }), comment: 'A wait, read after "in"' });
}

/**
 * What a refused request for an emailed code tells the member: on a 429 with Retry-After, when they may ask again;
 * otherwise what the server said, else `fallback`.
 */
export function codeRequestErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== null) {
    const wait = waitWords(error.retryAfterSeconds);
    return t`For your security we limit how often we send codes. You can ask for a new one in ${wait}.`;
  }
  return errorText(error, fallback);
}
