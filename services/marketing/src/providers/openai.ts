import type OpenAI from 'openai';
import * as z from 'zod';
import { dependencyUnavailable } from '@torcedor/service-kit/errors';
import type { OpenAiCtor, OpenAiSettings } from '@torcedor/service-kit/openai';
import { CAMPAIGN_DESCRIPTION_MAX, CAMPAIGN_NAME_MAX, DRAFT_BODY_MAX, DRAFT_TITLE_MAX } from '@torcedor/shared/constants';
import { CampaignType } from '@torcedor/shared/schemas/marketing';
import type { ClubFacts, MarketingWriter } from '../domain/writer.ts';

/**
 * Marketing's writer on OpenAI's chat completions in JSON mode. The model gets the club's facts and writes from
 * them only; its answer is checked against the same limits as the owner's own text (a malformed or empty answer
 * is the dependency error, 503, and nothing is stored).
 */
const RULES = [
  'You write marketing copy for Torcedor, a premium, age-verified social club for adult cigar enthusiasts (21+).',
  'Use only the facts given: never invent numbers, cigars, prices, offers or events. No health claims; never address minors.',
  'The club does not sell tobacco: never suggest buying or shipping cigars through it.',
  'Answer with one JSON object and nothing else.',
].join(' ');

const PostAnswer = z.object({ title: z.string().trim().min(1).max(DRAFT_TITLE_MAX), body: z.string().trim().min(1).max(DRAFT_BODY_MAX) });
const CampaignAnswer = z.object({
  name: z.string().trim().min(1).max(CAMPAIGN_NAME_MAX), description: z.string().trim().min(1).max(CAMPAIGN_DESCRIPTION_MAX), type: CampaignType,
});

/** The writer on OpenAI with these settings (the client class is loaded by the caller, on demand). */
export function createOpenAiWriter(settings: OpenAiSettings, OpenAiClass: OpenAiCtor): MarketingWriter {
  const client: OpenAI = new OpenAiClass({ apiKey: settings.apiKey, baseURL: settings.baseURL, timeout: settings.timeoutMs, maxRetries: 0 });
  async function ask<S extends z.ZodType>(schema: S, task: string, facts: ClubFacts): Promise<z.output<S>> {
    let text: string;
    try {
      const completion = await client.chat.completions.create({
        model: settings.model, temperature: 0.7, max_tokens: 700, response_format: { type: 'json_object' },
        messages: [{ role: 'system', content: RULES }, { role: 'user', content: `${task}\n\nFacts (JSON):\n${JSON.stringify(facts)}` }],
      });
      text = completion.choices[0]?.message?.content ?? '';
    } catch (err) {
      throw dependencyUnavailable('OpenAI', err);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw dependencyUnavailable('OpenAI', err);
    }
    const r = schema.safeParse(parsed);
    if (!r.success) throw dependencyUnavailable('OpenAI', new Error(`answer does not fit: ${r.error.message}`));
    return r.data;
  }
  return {
    kind: 'openai',
    draftPost: (facts) => ask(PostAnswer, `Write this week's community post for the club's feed, warm and concise, inviting replies. Keys: "title" (at most ${DRAFT_TITLE_MAX} characters), "body" (at most ${DRAFT_BODY_MAX} characters, plain text, paragraphs separated by blank lines).`, facts),
    draftCampaign: (objective, facts) => ask(CampaignAnswer, `Propose one marketing campaign with the objective "${objective}". Keys: "name" (at most ${CAMPAIGN_NAME_MAX} characters), "description" (at most ${CAMPAIGN_DESCRIPTION_MAX} characters: the idea, the audience and the channel), "type" (one of ${CampaignType.options.join(', ')}).`, facts),
  };
}
