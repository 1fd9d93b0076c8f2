import type OpenAI from 'openai';
import * as z from 'zod';
import { dependencyUnavailable } from '@torcedor/service-kit/errors';
import type { OpenAiCtor, OpenAiSettings } from '@torcedor/service-kit/openai';
import type { BandReader } from '../domain/band-reader.ts';

/**
 * The band reader on OpenAI's chat completions with an image part, in JSON mode. The model only reads what is
 * printed; the catalog decides which cigar it is (shared/src/band-match.ts), so a name the model makes up matches nothing.
 */
const RULES = 'You read cigar bands in photos. Answer with one JSON object {"brand": string|null, "line": string|null}: the brand and the line exactly as printed on the band, null for what you cannot read. Never guess a cigar that is not printed.';
const Reading = z.object({ brand: z.string().trim().max(80).nullable(), line: z.string().trim().max(120).nullable() });

/** The BandReader on OpenAI with these settings (a provider failure or an unreadable answer is a 503). */
export function createOpenAiBandReader(settings: OpenAiSettings, OpenAiClass: OpenAiCtor): BandReader {
  const client: OpenAI = new OpenAiClass({ apiKey: settings.apiKey, baseURL: settings.baseURL, timeout: settings.timeoutMs, maxRetries: 0 });
  return {
    async read({ bytes, contentType }) {
      let text: string;
      try {
        const completion = await client.chat.completions.create({
          model: settings.model, temperature: 0, max_tokens: 100, response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: RULES },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What brand and line does this cigar band show?' },
                { type: 'image_url', image_url: { url: `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`, detail: 'low' } },
              ],
            },
          ],
        });
        text = completion.choices[0]?.message?.content ?? '';
      } catch (err) {
        throw dependencyUnavailable('OpenAI', err);
      }
      try {
        const parsed = Reading.parse(JSON.parse(text));
        return { brand: parsed.brand || null, line: parsed.line || null };
      } catch (err) {
        throw dependencyUnavailable('OpenAI', err);
      }
    },
  };
}
