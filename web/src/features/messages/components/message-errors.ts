import { t } from '@lingui/core/macro';
import { ApiError, errorText } from '@/lib/api-client';
import { waitWords } from '@/lib/retry-after';

/**
 * What a refused send tells the member (in the active language, when called): MESSAGES_CLOSED its message; past a
 * limit (MESSAGE_LIMIT, a 429) the message with when they may send again (its Retry-After); otherwise what the server
 * said, else a generic failure.
 */
export function sendErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== null) {
    const said = errorText(error, t`You have sent too many messages.`);
    const wait = waitWords(error.retryAfterSeconds);
    return t`${said} You can send again in ${wait}.`;
  }
  return errorText(error, t`Failed to send your message. Please try again.`);
}

/** Whether the member may not message the other now (their setting, or a block): the thread's reply state is stale. */
export const isClosed = (error: unknown) => error instanceof ApiError && error.body?.code === 'MESSAGES_CLOSED';
