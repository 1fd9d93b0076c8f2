import * as z from 'zod';
import { AI_MESSAGE_MAX_LENGTH, AI_SMOKING_HISTORY_ENTRIES, LEARN_CATEGORIES, LEARN_LEVELS } from '../constants.ts';
import { thousands } from '../formatters.ts';
import { Strength } from './humidor.ts';
import { plainText } from './text.ts';

export const AiUsage = z.object({
  used: z.number().int(),
  /** null for members with unlimited answers (premium, trial). */
  limit: z.number().int().nullable(),
  resetsAt: z.string(),
});


/** One item of the Learn library: a video card, or a premium-only masterclass. */
export const LearnItem = z.object({
  id: z.string(),
  title: z.string(),
  channel: z.string(),
  description: z.string(),
  category: z.enum(LEARN_CATEGORIES),
  duration: z.string(),
  level: z.enum(LEARN_LEVELS),
  views: z.number().int().nonnegative(),
  /** Exclusive to premium (and trial) members. */
  premium: z.boolean(),
  /** Where the item opens; null when it is premium-only and the caller is on the free plan. */
  url: z.string().nullable(),
  /** The written lesson of a premium masterclass (null when locked or when the item is a video). */
  body: z.string().nullable(),
});
export const LearnLibrary = z.object({ items: z.array(LearnItem) });

/** VitolAI (docs/product.md, "VitolAI"). The page makes a chat's id: 'session-' + a timestamp + a random string. */
export const ChatSessionId = z.string().regex(/^session-[A-Za-z0-9_-]{6,100}$/, 'Invalid chat session');
export const ChatText = plainText('multiline').trim().min(1, 'Type a message first').max(AI_MESSAGE_MAX_LENGTH, `Messages are at most ${thousands(AI_MESSAGE_MAX_LENGTH)} characters`);
export const CHAT_TOPICS = ['general', 'recommendations', 'education', 'support', 'navigation'] as const;

export const ConversationBody = z.strictObject({
  sessionId: ChatSessionId,
  message: ChatText,
  topic: z.enum(CHAT_TOPICS).default('general'),
});

/**
 * A recommendation question. The page sends the profile and the first 10 smoking-history entries it shows; the
 * server grounds its answer in its own copies of the member's reviews and humidor and takes these as hints only.
 */
export const RecommendationBody = z.strictObject({
  sessionId: ChatSessionId,
  message: ChatText,
  userProfile: z.object({ preferredStrength: Strength.nullish() }).default({}),
  smokingHistory: z.array(z.object({ cigarId: z.string().max(100).optional(), rating: z.number().min(0).max(100) })).max(AI_SMOKING_HISTORY_ENTRIES).default([]),
});

/** A catalog cigar an answer names, so the page can link to it. */
export const ChatSuggestion = z.object({
  cigarId: z.string(),
  brandName: z.string(),
  name: z.string(),
  reason: z.string(),
});

export const ChatAnswer = z.object({
  response: z.string(),
  suggestions: z.array(ChatSuggestion),
  /** The member's recommendations used today after this answer (the free-tier banner reads it). */
  usage: AiUsage,
});

export const ChatMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.string(),
});
export const ChatHistory = z.object({ sessionId: z.string(), messages: z.array(ChatMessage) });

/** A quick pick: a catalog cigar matched to the member's history and preferences. */
export const QuickPick = z.object({
  cigarId: z.string(),
  brand: z.string(),
  name: z.string(),
  vitola: z.string(),
  strength: Strength,
  /** 0-100. */
  matchScore: z.number().int().min(0).max(100),
  reason: z.string(),
  /** What the illustration is drawn from when there is no photo (the catalog's fields). */
  length: z.number().nullable(),
  ringGauge: z.number().nullable(),
  wrapper: z.string().nullable(),
  /** The community's latest photo of the cigar as the site serves it, null when it has none. */
  photoUrl: z.string().nullable(),
  /** The cigar's community rating (0-100, null before its first review) and review count. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int().nonnegative(),
});
export const QuickPicks = z.object({ items: z.array(QuickPick) });

/** What to smoke next from the member's own humidor, with the reason and a pairing. */
export const SmokeNextPick = z.object({
  itemId: z.string(),
  cigarId: z.string().nullable(),
  brandName: z.string(),
  cigarName: z.string(),
  /** Days the cigar has rested in the humidor (from its box date or when it was added). */
  restDays: z.number().int().nonnegative(),
  reason: z.string(),
  pairing: z.string(),
});
export const SmokeNext = z.object({ items: z.array(SmokeNextPick) });

/** The profile card of the recommendations page, from the server's own copies. */
export const AiProfile = z.object({
  cigarsTried: z.number().int().nonnegative(),
  /** Mean overall score of the member's reviews on the 0-100 scale, or null with none. */
  averageRating: z.number().nullable(),
  preferredStrength: Strength,
});
