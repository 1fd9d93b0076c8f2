import { ChatSessionId } from '@torcedor/shared/schemas/ai';
import * as z from 'zod';

/**
 * Which recommendations chat a member is in, kept on the device so a reload (or coming back to the page) goes on with
 * it: its turns are the server's (GET /api/chatbot/sessions/{sessionId}), only the id is kept here. Per member: a
 * shared device never resumes another member's chat (the server would answer it empty anyway).
 */
const KEY = 'torcedor:vitolai-chat';
const Saved = z.object({ userId: z.string().min(1), sessionId: ChatSessionId });

/** The member's current chat id, or null (none yet, another member's, or storage unreadable). */
export function savedChatSession(userId: string): string | null {
  try {
    const saved = Saved.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return saved.success && saved.data.userId === userId ? saved.data.sessionId : null;
  } catch {
    return null;
  }
}

/** Keeps the member's current chat id (storage full or blocked: the chat simply starts afresh after a reload). */
export function saveChatSession(userId: string, sessionId: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ userId, sessionId } satisfies z.infer<typeof Saved>));
  } catch {
    // Nothing to do: resuming is a convenience.
  }
}
