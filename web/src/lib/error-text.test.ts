import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, type ErrorCode } from '@torcedor/shared/errors';
import { routes } from '@torcedor/shared/routes';
import { FREE_HUMIDOR_CAP } from '@torcedor/shared/constants';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall, errorDetail, errorText } from './api-client';
import { codeText, errorTextTables, isKnownServerText, translateServerText } from './error-text';
import { activateLanguage } from './i18n';

const HERE = dirname(fileURLToPath(import.meta.url));
const SHARED = join(HERE, '../../../shared/src');
const LOCALES = join(HERE, '../locales');

/** The shared source files that can hold a validation message (the schemas and the shared rules beside them). */
const sharedFiles = () =>
  [SHARED, join(SHARED, 'schemas')].flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(dir, f)));

/** zod methods whose message is their first argument, and those whose message is their second. */
const MESSAGE_FIRST = new Set(['int', 'email', 'url', 'nonnegative', 'positive', 'nonempty', 'negative', 'nonpositive', 'uuid', 'finite', 'safe']);
const MESSAGE_SECOND = new Set(['min', 'max', 'length', 'gt', 'gte', 'lt', 'lte', 'multipleOf', 'regex', 'refine', 'startsWith', 'endsWith', 'includes', 'literal', 'enum']);

/**
 * The validation messages written in shared/src, read from the source with the TypeScript compiler: the message
 * arguments of zod's checks, `message`/`error` options, the `message` arguments of a file's own helpers, and
 * `*_MESSAGE` constants. A template literal's `${…}` parts are evaluated with the shared modules' exports (a limit,
 * `thousands(…)`), and inside a file's helper once for each call of it (`Name('First name')`); a part that still
 * cannot be (a local variable) matches any text.
 */
async function sharedMessages(): Promise<{ file: string; source: string; exact?: string; pattern?: RegExp }[]> {
  const files = sharedFiles();
  // The names a message's `${…}` parts may use: the shared constants and formatters, and the schemas' exports.
  const scope: Record<string, unknown> = {};
  for (const file of files.filter((f) => /(constants|formatters|schemas\/\w+)\.ts$/.test(f))) Object.assign(scope, await import(/* @vite-ignore */ file));
  const evaluate = (expression: string, bound: Record<string, unknown> = {}): unknown => {
    const names = { ...scope, ...bound };
    try {
      return new Function(...Object.keys(names), `return (${expression});`)(...Object.values(names)) as unknown;
    } catch {
      return undefined;
    }
  };
  const found: { file: string; source: string; exact?: string; pattern?: RegExp }[] = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    // The file's own helpers (`const Name = (what: string) => …`): their parameters, and where they are called.
    const helpers = new Map<string, string[]>();
    const helperOf = new Map<ts.Node, string>();
    const calls = new Map<string, ts.CallExpression[]>();
    const noteHelpers = (n: ts.Node) => {
      if (ts.isVariableDeclaration(n) && n.initializer && (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))) {
        helpers.set(n.name.getText(sf), n.initializer.parameters.map((p) => p.name.getText(sf)));
        helperOf.set(n.initializer, n.name.getText(sf));
      }
      if (ts.isFunctionDeclaration(n) && n.name) {
        helpers.set(n.name.text, n.parameters.map((p) => p.name.getText(sf)));
        helperOf.set(n, n.name.text);
      }
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) calls.set(n.expression.text, [...(calls.get(n.expression.text) ?? []), n]);
      ts.forEachChild(n, noteHelpers);
    };
    noteHelpers(sf);
    /** A template inside a helper, written out for each call of the helper (its arguments bound); null when one cannot be. */
    const perCall = (n: ts.TemplateExpression): string[] | null => {
      let fn: ts.Node | undefined = n.parent;
      while (fn && !helperOf.has(fn)) fn = fn.parent;
      const name = fn ? helperOf.get(fn)! : undefined;
      const sites = name ? calls.get(name) ?? [] : [];
      if (!name || sites.length === 0) return null;
      const texts = sites.map((call) => {
        const bound = Object.fromEntries(helpers.get(name)!.map((param, i) => [param, call.arguments[i] ? evaluate(call.arguments[i].getText(sf)) : undefined]));
        return evaluate(n.getText(sf), bound);
      });
      return texts.every((t) => typeof t === 'string') ? (texts as string[]) : null;
    };
    const add = (n: ts.Node | undefined) => {
      if (!n) return;
      const source = n.getText(sf);
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) found.push({ file, source, exact: n.text });
      else if (ts.isTemplateExpression(n)) {
        const whole = evaluate(source);
        const written = typeof whole === 'string' ? [whole] : perCall(n);
        if (written) for (const exact of written) found.push({ file, source, exact });
        else {
          const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          const parts = [escape(n.head.text), ...n.templateSpans.map((s) => {
            const value = evaluate(s.expression.getText(sf));
            return `${value === undefined ? '(.+)' : escape(String(value))}${escape(s.literal.text)}`;
          })];
          found.push({ file, source, pattern: new RegExp(`^${parts.join('')}$`) });
        }
      } else if (ts.isIdentifier(n) || ts.isPropertyAccessExpression(n)) {
        const value = evaluate(source);
        if (typeof value === 'string') found.push({ file, source, exact: value });
      }
    };
    const walk = (n: ts.Node) => {
      if (ts.isCallExpression(n)) {
        const callee = n.expression;
        if (ts.isPropertyAccessExpression(callee)) {
          if (MESSAGE_FIRST.has(callee.name.text)) add(n.arguments[0]);
          if (MESSAGE_SECOND.has(callee.name.text)) add(n.arguments[1]);
        } else if (ts.isIdentifier(callee) && helpers.has(callee.text)) {
          helpers.get(callee.text)!.forEach((param, i) => { if (/message|error/i.test(param)) add(n.arguments[i]); });
        }
      }
      if (ts.isPropertyAssignment(n) && /^(message|error)$/.test(n.name.getText(sf))) add(n.initializer);
      if (ts.isVariableDeclaration(n) && /_MESSAGE$/.test(n.name.getText(sf)) && n.initializer) add(n.initializer);
      ts.forEachChild(n, walk);
    };
    walk(sf);
  }
  return found;
}

/** A .po file's messages: each msgid and its msgstr (the header left out). */
function poEntries(path: string): { id: string; str: string }[] {
  const text = readFileSync(path, 'utf8');
  const entries: { id: string; str: string }[] = [];
  const unquote = (block: string) => [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join('');
  for (const m of text.matchAll(/^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm)) {
    const id = unquote(m[1]!);
    if (id !== '') entries.push({ id, str: unquote(m[2]!) });
  }
  return entries;
}

afterEach(() => vi.unstubAllGlobals());

describe('error texts', () => {
  it('has a text for every error code', () => {
    const codes = Object.keys(ERROR_CODES) as ErrorCode[];
    for (const code of codes) expect(errorTextTables.codes[code]?.message, code).toBeTruthy();
    expect(Object.keys(errorTextTables.codes).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(codeText(new ApiError(ERROR_CODES[code], '', { message: '', code }))).toBeTruthy();
  });

  it('has a text for every validation message of the shared schemas', async () => {
    const messages = await sharedMessages();
    expect(messages.length).toBeGreaterThan(100);
    const keys = [...errorTextTables.knownTexts().keys()];
    const missing = messages.filter(({ exact, pattern }) => (exact !== undefined ? !isKnownServerText(exact) : !keys.some((k) => pattern!.test(k))));
    expect(missing.map((m) => `${m.file.slice(SHARED.length + 1)}: ${m.exact ?? m.source}`)).toEqual([]);
  });

  it('writes each known text in English exactly as the server and the schemas do', () => {
    for (const [english, text] of errorTextTables.knownTexts()) expect(errorTextTables.english(text)).toBe(english);
  });

  it.each(['es', 'fr', 'de', 'it'] as const)('%s translates every message of the errors catalog', async (language) => {
    const entries = poEntries(join(LOCALES, language, 'errors.po'));
    expect(entries.length).toBeGreaterThan(150);
    expect(entries.filter((e) => e.str.trim() === '').map((e) => e.id)).toEqual([]);
    // The catalog compiles, and a text with a value reads in the language with the value in place.
    await activateLanguage(language, { remember: false });
    const full = translateServerText('This event is full. You are number 7 on the waitlist.');
    expect(full).not.toBe('This event is full. You are number 7 on the waitlist.');
    expect(full).toContain('7');
    expect(full).not.toMatch(/[{}]/);
  });

  it('reads a code and a validation message in German once German is active, and in English as the server wrote them', async () => {
    const limit = new ApiError(403, '403: …', { message: `Free members can keep up to ${FREE_HUMIDOR_CAP} cigars in the humidor. Upgrade to Premium for an unlimited humidor.`, code: 'HUMIDOR_LIMIT' });
    const invalid = new ApiError(400, '400: …', { message: 'Invalid request body', code: 'VALIDATION', issues: [{ path: ['email'], message: 'Please enter a valid email address' }] });
    const unknown = new ApiError(403, '403: …', { message: 'Free members can hold 20 cigars', code: 'HUMIDOR_LIMIT' });
    expect(translateServerText('Please enter a valid email address')).toBe('Please enter a valid email address');
    expect(errorText(unknown, 'Failed')).toBe('Free members can hold 20 cigars');

    await activateLanguage('de', { remember: false });
    expect(codeText(limit)).toBe(`Kostenlose Mitglieder können bis zu ${FREE_HUMIDOR_CAP} Zigarren im Humidor lagern. Mit Premium wird Ihr Humidor unbegrenzt.`);
    expect(errorText(unknown, 'Fehlgeschlagen')).toBe('Kostenlose Mitglieder können bis zu 20 Zigarren im Humidor lagern. Mit Premium wird Ihr Humidor unbegrenzt.');
    expect(translateServerText('Please enter a valid email address')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    expect(errorDetail(invalid)).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    // A value read out of the server's message, numbers as German writes them.
    expect(translateServerText('This event is full. You are number 3 on the waitlist.')).toBe('Dieses Event ist ausgebucht. Sie sind Nummer 3 auf der Warteliste.');
    expect(translateServerText('A post can be at most 2000 characters')).toBe('Ein Beitrag darf höchstens 2.000 Zeichen lang sein');
    expect(translateServerText('You must be at least 21 years old to access this platform in United States'))
      .toBe('Sie müssen mindestens 21 Jahre alt sein, um diese Plattform zu nutzen (Land: Vereinigte Staaten)');
    // An unknown text keeps its words; an unknown issue of a known code reads as the code.
    expect(translateServerText('Something new')).toBe('Something new');
    expect(errorDetail(new ApiError(400, '400: …', { message: 'Invalid query', code: 'VALIDATION', issues: [{ path: ['q'], message: 'Too small' }] })))
      .toBe('Einige Angaben sind ungültig. Bitte prüfen Sie sie und versuchen Sie es erneut.');
    expect(errorDetail(new ApiError(503, '503: …', null))).toBe('Dienst vorübergehend nicht verfügbar. Bitte versuchen Sie es erneut.');
  });

  it("sends the app's language with every API request", async () => {
    const fetch = vi.fn(async () => new Response('{"status":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await apiCall(routes.getHealth);
    await activateLanguage('it', { remember: false });
    await apiCall(routes.getHealth);
    const languages = fetch.mock.calls.map((c) => ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['accept-language']);
    expect(languages).toEqual(['en', 'it']);
  });
});
