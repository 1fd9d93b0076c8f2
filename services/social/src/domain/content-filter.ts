import type { ContentFilter } from '@torcedor/shared/schemas/identity';

/**
 * The member's content filter (docs/product.md, "Social"): what they read is masked by their own setting.
 * minimal masks slurs only, standard adds common profanity, strict adds mild words too. Words are matched
 * whole (with common letter substitutions) and replaced by their first letter and asterisks; the stored
 * text is never changed.
 */
const SLURS = ['faggot', 'fag', 'nigger', 'nigga', 'retard', 'spic', 'chink', 'kike', 'tranny', 'dyke', 'wetback'];
const PROFANITY = ['fuck', 'fucking', 'fucker', 'motherfucker', 'shit', 'shitty', 'bullshit', 'cunt', 'bitch', 'bastard', 'asshole', 'dick', 'cock', 'pussy', 'whore', 'slut', 'twat', 'wanker', 'prick'];
const MILD = ['damn', 'damned', 'hell', 'crap', 'crappy', 'ass', 'piss', 'pissed', 'bloody', 'bugger', 'sucks', 'screw'];

const WORDS: Record<ContentFilter, readonly string[]> = {
  minimal: SLURS,
  standard: [...SLURS, ...PROFANITY],
  strict: [...SLURS, ...PROFANITY, ...MILD],
};

const SUBSTITUTES: Record<string, string> = { a: '[a@4]', e: '[e3]', i: '[i1!|]', o: '[o0]', s: '[s$5]', t: '[t7]', g: '[g9]' };
const pattern = (word: string) => [...word].map((ch) => SUBSTITUTES[ch] ?? ch).join('');
const REGEX: Record<ContentFilter, RegExp> = Object.fromEntries(
  (Object.keys(WORDS) as ContentFilter[]).map((f) => [f, new RegExp(`(?<![\\p{L}\\p{N}])(?:${WORDS[f].map(pattern).join('|')})(?:s|es|ed|ing)?(?![\\p{L}\\p{N}])`, 'giu')]),
) as Record<ContentFilter, RegExp>;

export function filterContent(text: string, filter: ContentFilter): string {
  return text.replace(REGEX[filter], (w) => `${w.slice(0, 1)}${'*'.repeat(w.length - 1)}`);
}
