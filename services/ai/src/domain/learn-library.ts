import * as z from 'zod';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import { LEARN_CATEGORIES, LEARN_LEVELS } from '@torcedor/shared/constants';
import type { LearnItem } from '@torcedor/shared/schemas/ai';
import type { Entitlement } from '@torcedor/shared/schemas/identity';
import type { LanguageCode } from '@torcedor/shared/constants';
import de from '../../content/de/learn.json' with { type: 'json' };
import en from '../../content/en/learn.json' with { type: 'json' };
import es from '../../content/es/learn.json' with { type: 'json' };
import fr from '../../content/fr/learn.json' with { type: 'json' };
import it from '../../content/it/learn.json' with { type: 'json' };
import { contentIn, contentLanguage, fill, parseContent, phrasesIn, textsIn, type ContentLanguage } from './content.ts';

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

/** Reading time at about 200 words a minute, in the language's words ("3 min read"). */
export const readingTime = (text: string, language: ContentLanguage = 'en') =>
  fill(phrasesIn(language).readingTime, { minutes: Math.max(1, Math.round(wordCount(text) / 200)) });

/**
 * The schema of a learn.json file (services/ai/content/<language>/learn.json) in a language: the channel name of the
 * masterclasses, the video cards (one per category, in the categories' order) and the premium masterclasses (250-500
 * words each).
 */
export function learnFile(language: ContentLanguage) {
  const { Line, Paragraphs } = textsIn(language);
  const Video = z.strictObject({
    id: z.string().min(1), category: z.enum(LEARN_CATEGORIES), level: z.enum(LEARN_LEVELS), duration: Line, title: Line, channel: Line,
    description: Line, query: Line,
  });
  /** A masterclass's body is written as its paragraphs. */
  const Lesson = z.strictObject({
    id: z.string().min(1), category: z.enum(LEARN_CATEGORIES), level: z.enum(LEARN_LEVELS), title: Line, description: Line, body: Paragraphs,
  });
  return z.strictObject({ masterclassChannel: Line, videos: z.array(Video).min(1), masterclasses: z.array(Lesson).min(1) });
}

/** The schema of the English learn.json file. */
export const LearnFile = learnFile('en');

/**
 * The Learn library files, one per language that has one: a new language adds its import here (the service README);
 * until then it reads the English file.
 */
export const LEARN_FILES: Partial<Record<ContentLanguage, unknown>> & { en: unknown } = { en, es, fr, de, it };

/** The Learn library's words in a language (its own file, else English), checked against its schema. */
export const learnContentIn = contentIn(LEARN_FILES, (data, language) => ({ language, ...parseContent(learnFile(language), data, `${language}/learn.json`) }));

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

function masterclassItem(m: Masterclass, open: boolean, channel: string, language: ContentLanguage): Item {
  return {
    id: m.id, title: m.title, channel, description: m.description, category: m.category,
    duration: readingTime(m.body, language), level: m.level, views: 0, premium: true,
    url: open ? masterclassUrl(m.id) : null, body: open ? m.body : null,
  };
}

/**
 * The library as the member may see it: the videos for everyone; the masterclasses' lessons (and their links) only
 * with premium benefits (a paid plan or a running trial) at `now`. A free member sees them locked, title and summary only.
 */
export function learnLibrary(entitlement: Entitlement | null, now: Date, language?: LanguageCode): Item[] {
  const open = hasPremiumBenefits(entitlement, now);
  const lang = contentLanguage(language);
  const c = learnContentIn(lang);
  // The reading time is a label of the page: in the member's language even while a lesson's text is read in English.
  return [...c.videos.map(videoItem), ...c.masterclasses.map((m) => masterclassItem(m, open, c.masterclassChannel, lang))];
}
