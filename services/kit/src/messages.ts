import { LANGUAGES, type LanguageCode } from '@torcedor/shared/constants';

/**
 * The server's words in the member's language (docs/i18n.md, "The server's part"): each service keeps one JSON file of
 * messages per language beside it (`content/<language>/<name>.json`, a flat object of key → message), imported
 * statically so the bundler inlines them, and loads them here. A message is ICU MessageFormat, the subset the server
 * needs: `{name}` placeholders, `{count, plural, one {# cigar} other {# cigars}}` (Intl.PluralRules of the language,
 * `=N` exact matches, `#` the number) and `{kind, select, a {…} other {…}}`. An apostrophe quotes ICU syntax as ICU
 * does (`'{'` is a brace, `''` an apostrophe); French and Italian texts write the typographic ’ instead.
 *
 * The files are checked when they are loaded (`loadMessages`): every language has exactly English's keys, each
 * message parses, and each has the same placeholders as its English. A bad file fails at start (and in its service's
 * unit tests), never in a member's email.
 */

/** A parsed message: text, a placeholder, the number of the enclosing plural (`#`), a plural or a select. */
export type MessageNode =
  | string
  | { type: 'arg'; name: string }
  | { type: 'pound' }
  | { type: 'plural'; name: string; options: Record<string, MessageNode[]> }
  | { type: 'select'; name: string; options: Record<string, MessageNode[]> };

/** The values a message's placeholders take: text as it is, numbers written the language's way. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A plural's branches: the CLDR categories and exact values (`=0`). */
const PLURAL_CATEGORY = /^(?:zero|one|two|few|many|other|=\d+)$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class MessageSyntaxError extends Error {
  constructor(message: string, source: string, at: number) {
    super(`${message} at ${at} in ${JSON.stringify(source)}`);
    this.name = 'MessageSyntaxError';
  }
}

/** Parses an ICU message (the subset above); a syntax error throws MessageSyntaxError. */
export function parseMessage(source: string): MessageNode[] {
  let i = 0;
  const fail = (what: string): never => { throw new MessageSyntaxError(what, source, i); };
  const skipSpace = () => { while (i < source.length && /\s/.test(source[i]!)) i++; };

  /** Text and placeholders up to the end, or up to the `}` that closes a branch (`nested`). */
  function message(inPlural: boolean, nested: boolean): MessageNode[] {
    const nodes: MessageNode[] = [];
    let text = '';
    const flush = () => { if (text) nodes.push(text); text = ''; };
    while (i < source.length) {
      const c = source[i]!;
      if (c === "'") {
        const next = source[i + 1];
        if (next === "'") { text += "'"; i += 2; continue; }
        if (next === '{' || next === '}' || (inPlural && next === '#')) {
          // A quoted literal, up to the next lone apostrophe ('' inside it is one apostrophe).
          i++;
          while (i < source.length) {
            if (source[i] === "'") {
              if (source[i + 1] === "'") { text += "'"; i += 2; continue; }
              i++;
              break;
            }
            text += source[i++];
          }
          continue;
        }
        text += c;
        i++;
      } else if (c === '{') {
        flush();
        i++;
        nodes.push(argument(inPlural));
      } else if (c === '}') {
        if (!nested) fail('Unexpected "}"');
        break;
      } else if (c === '#' && inPlural) {
        flush();
        nodes.push({ type: 'pound' });
        i++;
      } else {
        text += c;
        i++;
      }
    }
    flush();
    return nodes;
  }

  function word(): string {
    skipSpace();
    const start = i;
    while (i < source.length && /[^\s,{}]/.test(source[i]!)) i++;
    return source.slice(start, i);
  }

  /** After `{`: a placeholder, a plural or a select, up to its `}`. */
  function argument(inPlural: boolean): MessageNode {
    const name = word();
    if (!NAME.test(name)) fail(`Bad placeholder name ${JSON.stringify(name)}`);
    skipSpace();
    if (source[i] === '}') { i++; return { type: 'arg', name }; }
    if (source[i] !== ',') fail('Expected "," or "}"');
    i++;
    const kind = word();
    if (kind !== 'plural' && kind !== 'select') return fail(`Unsupported argument type ${JSON.stringify(kind)}`);
    skipSpace();
    if (source[i] !== ',') fail('Expected ","');
    i++;
    const options: Record<string, MessageNode[]> = {};
    for (;;) {
      skipSpace();
      if (source[i] === '}') { i++; break; }
      if (i >= source.length) fail(`Unclosed ${kind}`);
      const key = word();
      if (!key) fail('Expected a branch name');
      if (kind === 'plural' ? !PLURAL_CATEGORY.test(key) : !NAME.test(key)) fail(`Bad ${kind} branch ${JSON.stringify(key)}`);
      if (key in options) fail(`Branch ${JSON.stringify(key)} twice`);
      skipSpace();
      if (source[i] !== '{') fail(`Expected "{" after ${JSON.stringify(key)}`);
      i++;
      options[key] = message(kind === 'plural' || inPlural, true);
      if (source[i] !== '}') fail(`Unclosed branch ${JSON.stringify(key)}`);
      i++;
    }
    if (!options.other) fail(`A ${kind} needs an "other" branch`);
    return { type: kind, name, options };
  }

  const nodes = message(false, false);
  if (i < source.length) fail('Unexpected "}"');
  return nodes;
}

/** The placeholder names a message uses (plain, plural and select ones), sorted. */
export function placeholdersOf(nodes: MessageNode[]): string[] {
  const names = new Set<string>();
  const walk = (list: MessageNode[]) => {
    for (const n of list) {
      if (typeof n === 'string' || n.type === 'pound') continue;
      names.add(n.name);
      if (n.type !== 'arg') Object.values(n.options).forEach(walk);
    }
  };
  walk(nodes);
  return [...names].sort();
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormat = (language: string) => {
  let f = numberFormats.get(language);
  if (!f) numberFormats.set(language, (f = new Intl.NumberFormat(language)));
  return f;
};
const pluralRule = (language: string) => {
  let r = pluralRules.get(language);
  if (!r) pluralRules.set(language, (r = new Intl.PluralRules(language)));
  return r;
};

/** A parsed message written in `language` with these values; a value the message names but was not given throws. */
export function formatNodes(nodes: MessageNode[], language: LanguageCode, values: MessageValues = {}, pound?: number): string {
  const valueOf = (name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`Message value {${name}} missing`);
    return v;
  };
  let out = '';
  for (const n of nodes) {
    if (typeof n === 'string') out += n;
    else if (n.type === 'pound') out += pound === undefined ? '#' : numberFormat(language).format(pound);
    else if (n.type === 'arg') {
      const v = valueOf(n.name);
      out += typeof v === 'number' ? numberFormat(language).format(v) : v;
    } else if (n.type === 'plural') {
      const v = valueOf(n.name);
      const count = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(count)) throw new Error(`Message value {${n.name}} is not a number`);
      const branch = n.options[`=${count}`] ?? n.options[pluralRule(language).select(count)] ?? n.options.other!;
      out += formatNodes(branch, language, values, count);
    } else {
      const v = String(valueOf(n.name));
      out += formatNodes(n.options[v] ?? n.options.other!, language, values, pound);
    }
  }
  return out;
}

/** One message file: key → ICU message. */
export type MessageFile = Readonly<Record<string, string>>;

/**
 * What is wrong with a set of message files (none: an empty list): a language that lacks a key of English's or has
 * one English lacks, an empty or unparsable message, or one whose placeholders are not its English's.
 */
export function catalogProblems(files: Readonly<Record<LanguageCode, MessageFile>>): string[] {
  const problems: string[] = [];
  const en = files.en;
  const parsed = (language: LanguageCode, key: string, text: unknown): string[] | undefined => {
    if (typeof text !== 'string' || !text.trim()) {
      problems.push(`${language}: "${key}" is empty or not text`);
      return undefined;
    }
    try {
      return placeholdersOf(parseMessage(text));
    } catch (err) {
      problems.push(`${language}: "${key}": ${(err as Error).message}`);
      return undefined;
    }
  };
  const english = new Map(Object.entries(en).map(([key, text]) => [key, parsed('en', key, text)]));
  for (const language of LANGUAGES) {
    if (language === 'en') continue;
    const file = files[language];
    if (!file || typeof file !== 'object') {
      problems.push(`${language}: no message file`);
      continue;
    }
    for (const key of english.keys()) if (!(key in file)) problems.push(`${language}: "${key}" is missing`);
    for (const [key, text] of Object.entries(file)) {
      if (!english.has(key)) {
        problems.push(`${language}: "${key}" is not an English message`);
        continue;
      }
      const names = parsed(language, key, text);
      const expected = english.get(key);
      if (names && expected && names.join(',') !== expected.join(',')) {
        problems.push(`${language}: "${key}" has placeholders {${names.join('}, {')}} where English has {${expected.join('}, {')}}`);
      }
    }
  }
  return problems;
}

/** A message of one language by key, its placeholders filled in. */
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

export interface Messages<K extends string> {
  /** The messages of one language. */
  in(language: LanguageCode): Translate<K>;
  /** The message `key` in `language`, its placeholders filled in. */
  format(language: LanguageCode, key: K, values?: MessageValues): string;
}

/**
 * A service's message files (one per language, English's keys typing the keys), checked and parsed once. A problem
 * (catalogProblems) throws, naming the files (`name`) and every problem.
 */
export function loadMessages<E extends MessageFile>(
  name: string, files: { en: E } & Readonly<Record<Exclude<LanguageCode, 'en'>, MessageFile>>,
): Messages<Extract<keyof E, string>> {
  type K = Extract<keyof E, string>;
  const problems = catalogProblems(files);
  if (problems.length) throw new Error(`The ${name} messages are not valid:\n- ${problems.join('\n- ')}`);
  const parsed = Object.fromEntries(LANGUAGES.map((language) => [
    language, new Map(Object.entries(files[language]).map(([key, text]) => [key, parseMessage(text)])),
  ])) as Record<LanguageCode, Map<string, MessageNode[]>>;
  const format = (language: LanguageCode, key: K, values?: MessageValues) => {
    const lang = languageOf(language);
    const nodes = parsed[lang].get(key);
    if (!nodes) throw new Error(`No ${name} message "${key}"`);
    return formatNodes(nodes, lang, values);
  };
  return { format, in: (language) => (key, values) => format(language, key, values) };
}

/** A stored or sent language, or English when there is none or it is not one the club speaks (records from before it). */
export const languageOf = (value: unknown): LanguageCode =>
  (LANGUAGES as readonly unknown[]).includes(value) ? (value as LanguageCode) : 'en';

/** A date (and, with the options, a time) written the language's way, through Intl, in UTC unless a time zone is given. */
export function formatDate(date: Date | string, language: LanguageCode, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', ...options }).format(typeof date === 'string' ? new Date(date) : date);
}

/** A length of time as a code's validity says it: whole hours ("1 hour", "24 Stunden"), else minutes, through Intl. */
export function formatDuration(seconds: number, language: LanguageCode): string {
  const [unit, amount] = seconds % 3600 === 0 ? ['hour', seconds / 3600] as const : ['minute', Math.round(seconds / 60)] as const;
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}
