import { ApiError, errorText } from './api-client';

/** A wait in words: 'a few seconds', '45 seconds', '1 minute', '12 minutes', 'about 2 hours'. */
export function waitWords(seconds: number): string {
  if (seconds < 5) return 'a few seconds';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `about ${Math.round(minutes / 60)} hours`;
}

/**
 * What a refused request for an emailed code tells the member: on a 429 with Retry-After, when they may ask again;
 * otherwise what the server said, else `fallback`.
 */
export function codeRequestErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== null) {
    return `For your security we limit how often we send codes. You can ask for a new one in ${waitWords(error.retryAfterSeconds)}.`;
  }
  return errorText(error, fallback);
}
