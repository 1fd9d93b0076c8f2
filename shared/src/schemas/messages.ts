import * as z from 'zod';
import { MESSAGE_MAX_LENGTH } from '../constants.ts';
import { Id } from './common.ts';
import { plainText } from './text.ts';

/**
 * Direct messages between two members (docs/product.md, "Direct messages"; services/social/README.md, "Messages"). Text is
 * plain text, never markup; the reader's content filter masks it when read.
 */
export const NewMessage = z.strictObject({
  to: Id,
  text: plainText('multiline')
    .trim()
    .min(1, 'Please write a message')
    .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters`),
});
export const Message = z.object({
  id: z.string(),
  fromId: z.string(),
  toId: z.string(),
  /** null once its author removed it (both members then see 'Message removed'). */
  text: z.string().nullable(),
  removed: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof Message>;

/** The other member of a conversation, as the reader sees them (`deleted`: the account is gone, shown as 'Deleted member'). */
export const MessageMember = z.object({
  id: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  premium: z.boolean(),
  deleted: z.boolean(),
});
export type MessageMember = z.infer<typeof MessageMember>;

export const Conversation = z.object({
  member: MessageMember,
  lastMessage: Message,
  /** Messages from the other member the reader has not read yet. */
  unreadCount: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof Conversation>;
/** Conversations, the most recent first; `nextCursor` reads older ones, null at the end. */
export const ConversationPage = z.object({ items: z.array(Conversation), nextCursor: z.string().nullable() });
/** A thread, newest first; `nextCursor` reads older messages, null at the end. `canReply`: whether the reader may send now. */
export const MessageThread = z.object({
  member: MessageMember,
  items: z.array(Message),
  nextCursor: z.string().nullable(),
  canReply: z.boolean(),
});
export const UnreadMessages = z.object({ count: z.number().int().nonnegative() });
export const MemberParams = z.object({ memberId: Id });
export const MessageParams = z.object({ memberId: Id, messageId: Id });
export const ThreadRead = z.object({ unreadCount: z.number().int().nonnegative() });

/** Blocking (docs/product.md, "Blocking"): neither member sees, follows, comments on or messages the other. */
export const BlockResult = z.object({ blocked: z.boolean() });
export const BlockedMember = z.object({
  id: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export const BlockedList = z.object({ items: z.array(BlockedMember) });
