import { FEED_CHAT_PROMPTS, SUGGESTED_PROMPTS } from '@torcedor/shared/constants';
import { ChatSessionId } from '@torcedor/shared/schemas/ai';
import { describe, expect, it } from 'vitest';
import { newSessionId, PAGE_PROMPTS, PROMPTS, textBlocks, WIDGET_PROMPTS } from './chat-text';

describe('the chat helpers', () => {
  it('has six distinct prompts, the widget the first three', () => {
    expect(new Set(PROMPTS).size).toBe(SUGGESTED_PROMPTS);
    expect(PAGE_PROMPTS).toEqual(PROMPTS);
    expect(WIDGET_PROMPTS).toEqual(PROMPTS.slice(0, FEED_CHAT_PROMPTS));
  });

  it("makes session ids 'session-' + the time + a random string that the server accepts", () => {
    const id = newSessionId(1_767_225_600_000);
    expect(id).toMatch(/^session-1767225600000[a-f0-9]{12}$/);
    expect(ChatSessionId.safeParse(id).success).toBe(true);
    expect(newSessionId()).not.toBe(newSessionId());
  });

  it('splits an answer into paragraphs and bullet lists', () => {
    expect(textBlocks('Two picks for you:\n- Padrón 1964\n- Oliva Serie V\nBoth are full.\n\n\nEnjoy!\r\n\r\n• One more')).toEqual([
      { kind: 'paragraph', text: 'Two picks for you:' },
      { kind: 'list', items: ['Padrón 1964', 'Oliva Serie V'] },
      { kind: 'paragraph', text: 'Both are full.' },
      { kind: 'paragraph', text: 'Enjoy!' },
      { kind: 'list', items: ['One more'] },
    ]);
    expect(textBlocks('Line one\nline two')).toEqual([{ kind: 'paragraph', text: 'Line one\nline two' }]);
    expect(textBlocks('  \n ')).toEqual([]);
    // '-' without a space, and bold markers, are text.
    expect(textBlocks('-5 degrees\n**Bold** text')).toEqual([{ kind: 'paragraph', text: '-5 degrees\n**Bold** text' }]);
  });
});
