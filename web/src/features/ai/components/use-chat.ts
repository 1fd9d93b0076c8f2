import type { ChatAnswer, ChatMessage as ChatTurn } from '@torcedor/shared/schemas/ai';
import { useCallback, useRef, useState } from 'react';
import type * as z from 'zod';
import { newSessionId } from './chat-text';

type Answer = z.infer<typeof ChatAnswer>;

/** One message on screen: role, content and timestamp (docs/product.md, "Chat message"), and an answer's suggestions. */
export type ChatMessage = z.infer<typeof ChatTurn> & { id: number; suggestions?: Answer['suggestions'] };

export interface ChatOptions {
  /** Sends one (trimmed, non-empty) message of the chat `sessionId`; `onDelta` gets the answer as it is written; resolves with the whole answer. */
  ask: (message: string, sessionId: string, onDelta: (text: string) => void) => Promise<Answer>;
  /** Tells the member why a message got no answer (the message is taken back into the input). */
  onError: (error: unknown) => void;
  /** A chat to go on with: its id and the turns the server kept of it (a reload keeps the chat). A new chat when absent. */
  resume?: { sessionId: string; turns: readonly z.infer<typeof ChatTurn>[] };
}

/**
 * A VitolAI chat kept in the page (docs/product.md, "AI recommendation chat" and "Chat (both)"): messages are
 * trimmed and empty ones ignored; the question and then its answer are added in order; `pending` is the busy flag
 * while an answer is awaited, and nothing is sent meanwhile. A message that fails is taken off the list and put back
 * in the input, so the member can send it again. The session id is made once per chat, or is the resumed chat's.
 */
export function useChat({ ask, onError, resume }: ChatOptions) {
  const [sessionId, setSessionId] = useState(() => resume?.sessionId ?? newSessionId());
  const [messages, setMessages] = useState<ChatMessage[]>(() => (resume?.turns ?? []).map((t, i) => ({ ...t, id: -(i + 1) })));
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  // The answer has started to arrive (its text grows in the log, so the typing indicator goes).
  const [streaming, setStreaming] = useState(false);
  // Set at once (the state flag is only seen on the next render): a second send in the same tick is refused too.
  const busy = useRef(false);
  const nextId = useRef(1);

  const send = useCallback((text: string): boolean => {
    const message = text.trim();
    if (!message || busy.current) return false;
    busy.current = true;
    setPending(true);
    const question: ChatMessage = { id: nextId.current++, role: 'user', content: message, timestamp: new Date().toISOString() };
    setMessages((list) => [...list, question]);
    setDraft('');
    const replyId = nextId.current++;
    const onDelta = (text: string) => {
      setStreaming(true);
      setMessages((list) => {
        const last = list.at(-1);
        if (last?.id === replyId) return [...list.slice(0, -1), { ...last, content: last.content + text }];
        return [...list, { id: replyId, role: 'assistant', content: text, timestamp: new Date().toISOString() }];
      });
    };
    ask(message, sessionId, onDelta).then(
      (answer) => {
        setMessages((list) => {
          const reply: ChatMessage = {
            id: replyId, role: 'assistant', content: answer.response, timestamp: list.at(-1)?.id === replyId ? list.at(-1)!.timestamp : new Date().toISOString(), suggestions: answer.suggestions,
          };
          return [...list.filter((m) => m.id !== replyId), reply];
        });
      },
      (error: unknown) => {
        setMessages((list) => list.filter((m) => m.id !== question.id && m.id !== replyId));
        setDraft((current) => current || message);
        onError(error);
      },
    ).finally(() => {
      busy.current = false;
      setPending(false);
      setStreaming(false);
    });
    return true;
  }, [ask, onError, sessionId]);

  /** Starts a new chat (a new session id) once no answer is pending. */
  const reset = useCallback(() => {
    if (busy.current) return;
    setMessages([]);
    setDraft('');
    setSessionId(newSessionId());
  }, []);

  /** Waiting for the first words of an answer: the typing indicator's time. */
  const waiting = pending && !streaming;
  return { sessionId, messages, pending, waiting, draft, setDraft, send, reset };
}
