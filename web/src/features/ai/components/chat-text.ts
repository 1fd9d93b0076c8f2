import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { FEED_CHAT_PROMPTS, SUGGESTED_PROMPTS } from '@torcedor/shared/constants';
import { ApiError } from '@/lib/api-client';

/**
 * The suggested prompts of an empty chat (docs/product.md, "VitolAI"): all six on the page, the first three in the
 * feed's widget. Shown (and sent, as the member's message) in the app's language with `i18n._`.
 */
export const PROMPTS = [
  msg`Recommend a mild cigar for a beginner`,
  msg`What should I smoke next from my humidor?`,
  msg`Something like the Padrón 1964 Anniversary`,
  msg`What pairs well with a full-bodied maduro?`,
  msg`How should I store my cigars?`,
  msg`How do I cut and light a cigar?`,
] as const satisfies { length: typeof SUGGESTED_PROMPTS };

export const PAGE_PROMPTS: readonly MessageDescriptor[] = PROMPTS.slice(0, SUGGESTED_PROMPTS);
export const WIDGET_PROMPTS: readonly MessageDescriptor[] = PROMPTS.slice(0, FEED_CHAT_PROMPTS);

/** The chat's toasts and its typing indicator (docs/product.md, "Messages"), read in the app's language when used. */
export const CHAT_TEXTS = {
  get errorTitle() {
    return t`Error`;
  },
  get sendFailed() {
    return t`Failed to send message. Please try again.`;
  },
  get recommendationFailed() {
    return t`Failed to get recommendations. Please try again.`;
  },
  get dailyLimitTitle() {
    return t`Daily Limit Reached`;
  },
  get dailyLimit() {
    return t`Free users are limited to 3 AI recommendations per day. Upgrade to Premium for unlimited access!`;
  },
  get typing() {
    return t`VitolAI is typing`;
  },
};

/** The server's message of a 429 other than the daily quota (too many answers in a short time): it says when to come back. */
export function rateLimitMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 429 && error.body?.code !== 'AI_DAILY_LIMIT' ? error.serverMessage : undefined;
}

/** A chat's id, made on the client: 'session-', the time, then a random string (ChatSessionId's alphabet). */
export function newSessionId(now = Date.now()): string {
  return `session-${now}${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const BULLET = /^[-•*]\s+(.*)$/;

/**
 * An assistant answer (plain text: short paragraphs, '- ' bullet lines) as blocks to render as elements, never as
 * HTML: paragraphs split on blank lines, a run of bullet lines becomes one list, the other lines of a paragraph
 * stay one paragraph (with their line breaks).
 */
export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    let lines: string[] = [];
    let items: string[] = [];
    const endLines = () => {
      if (lines.length) blocks.push({ kind: 'paragraph', text: lines.join('\n') });
      lines = [];
    };
    const endItems = () => {
      if (items.length) blocks.push({ kind: 'list', items });
      items = [];
    };
    for (const raw of paragraph.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      const bullet = BULLET.exec(line);
      if (bullet) {
        endLines();
        items.push(bullet[1]!);
      } else {
        endItems();
        lines.push(line);
      }
    }
    endLines();
    endItems();
  }
  return blocks;
}
