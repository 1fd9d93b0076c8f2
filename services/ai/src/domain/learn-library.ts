import * as z from 'zod';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import { LEARN_CATEGORIES, LEARN_LEVELS } from '@torcedor/shared/constants';
import type { LearnItem } from '@torcedor/shared/schemas/ai';
import type { Entitlement } from '@torcedor/shared/schemas/identity';
import en from '../../content/en/learn.json' with { type: 'json' };
import { Line, Paragraphs, parseContent, type ContentLanguage } from './content.ts';

type Item = z.infer<typeof LearnItem>;
type Category = (typeof LEARN_CATEGORIES)[number];
type Level = (typeof LEARN_LEVELS)[number];

/**
 * A video card. We link to no single video, because we cannot vouch that a given video id exists or stays up:
 * each card opens a YouTube search for its topic, and `channel` says which kind of source it finds. `duration`
 * is the usual length of such videos (a range), not one video's length.
 */
export interface LearnVideo {
  id: string; title: string; channel: string; description: string; category: Category; duration: string; level: Level;
  /** What the card searches YouTube for. */
  query: string;
}

/** A written lesson, exclusive to premium (and trial) members. */
export interface Masterclass {
  id: string; title: string; description: string; category: Category; level: Level;
  /** Plain text, paragraphs separated by a blank line. */
  body: string;
}

/** The link a video card opens: YouTube's own search results, encoded as YouTube writes them. */
export const youtubeSearchUrl = (query: string) => `https://www.youtube.com/results?${new URLSearchParams({ search_query: query })}`;

/** Where an open masterclass reads: the Learn page with the lesson's dialog open (a shareable link in the app). */
export const masterclassUrl = (id: string) => `/learn?${new URLSearchParams({ lesson: id })}`;

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Reading time at about 200 words a minute. */
export const readingTime = (text: string) => `${Math.max(1, Math.round(wordCount(text) / 200))} min read`;

const Video = z.strictObject({
  id: z.string().min(1), category: z.enum(LEARN_CATEGORIES), level: z.enum(LEARN_LEVELS), duration: Line, title: Line, channel: Line,
  description: Line, query: Line,
});
/** A masterclass's body is written as its paragraphs. */
const Lesson = z.strictObject({
  id: z.string().min(1), category: z.enum(LEARN_CATEGORIES), level: z.enum(LEARN_LEVELS), title: Line, description: Line, body: Paragraphs,
});

/**
 * The schema of a learn.json file (services/ai/content/<language>/learn.json): the channel name of the masterclasses,
 * the video cards (one per category, in the categories' order) and the premium masterclasses (250-500 words each).
 */
export const LearnFile = z.strictObject({ masterclassChannel: Line, videos: z.array(Video).min(1), masterclasses: z.array(Lesson).min(1) });

/** The Learn library files, one per language: a new language adds its file here (the service README). */
const FILES: Record<ContentLanguage, unknown> = { en };

/** The Learn library's words in a language, checked against its schema. */
export const learnContentIn = (language: ContentLanguage) => parseContent(LearnFile, FILES[language], `${language}/learn.json`);

const content = learnContentIn('en');

export const MASTERCLASS_CHANNEL: string = content.masterclassChannel;

/** The 9 video cards, one per category, in the categories' order. */
export const LEARN_LIBRARY_VIDEOS: readonly LearnVideo[] = content.videos;

/** The premium masterclasses: written lessons, 250-500 words each. */
export const LEARN_LIBRARY_MASTERCLASSES: readonly Masterclass[] = content.masterclasses;

function videoItem(v: LearnVideo): Item {
  return {
    id: v.id, title: v.title, channel: v.channel, description: v.description, category: v.category, duration: v.duration, level: v.level,
    // No honest count exists for a search link: 0, and the page shows a view count only above 0.
    views: 0, premium: false, url: youtubeSearchUrl(v.query), body: null,
  };
}

function masterclassItem(m: Masterclass, open: boolean): Item {
  return {
    id: m.id, title: m.title, channel: MASTERCLASS_CHANNEL, description: m.description, category: m.category,
    duration: readingTime(m.body), level: m.level, views: 0, premium: true,
    url: open ? masterclassUrl(m.id) : null, body: open ? m.body : null,
  };
}

/**
 * The library as the member may see it: the videos for everyone; the masterclasses' lessons (and their links) only
 * with premium benefits (a paid plan or a running trial) at `now`. A free member sees them locked, title and summary only.
 */
export function learnLibrary(entitlement: Entitlement | null, now: Date): Item[] {
  const open = hasPremiumBenefits(entitlement, now);
  return [...LEARN_LIBRARY_VIDEOS.map(videoItem), ...LEARN_LIBRARY_MASTERCLASSES.map((m) => masterclassItem(m, open))];
}
