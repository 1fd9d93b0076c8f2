import { LEARN_VIDEOS } from '@torcedor/shared/constants';
import { LEARN_CATEGORIES } from '@torcedor/shared/constants';
import { LearnLibrary } from '@torcedor/shared/schemas/ai';
import { describe, expect, it } from 'vitest';
import { LEARN_LIBRARY_MASTERCLASSES, LEARN_LIBRARY_VIDEOS, learnLibrary, wordCount } from '../src/domain/learn-library.ts';

const now = new Date('2026-06-01T12:00:00.000Z');
const premium = { tier: 'premium' as const, until: '2026-07-01T00:00:00.000Z' };

describe('the Learn library', () => {
  it('has 9 videos covering the 9 categories exactly once', () => {
    expect(LEARN_LIBRARY_VIDEOS).toHaveLength(LEARN_VIDEOS);
    expect(LEARN_LIBRARY_VIDEOS.map((v) => v.category).sort()).toEqual([...LEARN_CATEGORIES].sort());
  });

  it('links every video to a YouTube search for its topic, never to an id we cannot vouch for', () => {
    for (const v of learnLibrary(null, now).filter((i) => !i.premium)) {
      const url = new URL(v.url!);
      expect(url.origin + url.pathname).toBe('https://www.youtube.com/results');
      expect(url.searchParams.get('search_query')).toBe(LEARN_LIBRARY_VIDEOS.find((x) => x.id === v.id)!.query);
      expect(v.views).toBe(0);
    }
  });

  it('has at least 6 masterclasses, each a written lesson of 250 to 500 words in paragraphs', () => {
    expect(LEARN_LIBRARY_MASTERCLASSES.length).toBeGreaterThanOrEqual(6);
    for (const m of LEARN_LIBRARY_MASTERCLASSES) {
      const words = wordCount(m.body);
      expect(words, m.id).toBeGreaterThanOrEqual(250);
      expect(words, m.id).toBeLessThanOrEqual(500);
      expect(m.body.split('\n\n').length, m.id).toBeGreaterThanOrEqual(4);
      expect(m.body, m.id).not.toMatch(/\n{3,}|^\s|\s$/);
    }
  });

  it('has unique ids and answers what the contract declares', () => {
    const items = learnLibrary(premium, now);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(() => LearnLibrary.parse({ items })).not.toThrow();
    expect(() => LearnLibrary.parse({ items: learnLibrary(null, now) })).not.toThrow();
  });

  it('opens the lessons with premium benefits only: paid or trial until its end, never free or ended', () => {
    const lessons = (e: Parameters<typeof learnLibrary>[0]) => learnLibrary(e, now).filter((i) => i.premium);
    for (const open of [lessons(premium), lessons({ tier: 'trial', until: '2026-06-02T00:00:00.000Z' })]) {
      for (const m of open) expect(m.body).toBe(LEARN_LIBRARY_MASTERCLASSES.find((x) => x.id === m.id)!.body);
    }
    for (const e of [null, { tier: 'free' as const, until: null }, { tier: 'premium' as const, until: '2026-06-01T11:59:59.000Z' }]) {
      for (const m of lessons(e)) expect(m).toMatchObject({ url: null, body: null, premium: true });
    }
    // A free member still reads what each locked lesson is about.
    for (const m of lessons(null)) expect(m.title && m.description && m.duration).toBeTruthy();
  });
});
