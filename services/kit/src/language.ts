import { LANGUAGES, type LanguageCode } from '@torcedor/shared/constants';

/**
 * The language a request asks its answer in (docs/i18n.md): the first language of its Accept-Language header the club
 * speaks, by weight ('de-AT;q=0.9' is German), else English. The web client sends the language it is drawn in (the
 * member's saved one when signed in). Work done later, away from any request (emails, digests), uses the member's
 * saved `language` instead.
 */
export function requestLanguage(acceptLanguage: string | undefined): LanguageCode {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0]!, q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { primary } of ranked) if ((LANGUAGES as readonly string[]).includes(primary)) return primary as LanguageCode;
  return 'en';
}
