import { randomUUID } from 'node:crypto';
import { badRequest, conflict, notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { eventPart } from '@torcedor/service-kit/outbox';
import type { Routes } from '@torcedor/shared/routes';
import type { ContentDraft } from '@torcedor/shared/schemas/marketing';
import { campaignFromDraft, draftTooLong } from '../domain/campaigns.ts';
import { campaignPut } from '../store/campaigns.ts';
import { changeDraft, listDrafts as readDrafts, readDraft, type DraftChange } from '../store/drafts.ts';

/** The answer of a draft change: the draft, or why not (404, or 409 DRAFT_CLOSED). */
function answer(c: DraftChange): ContentDraft {
  if (c.ok) return c.draft;
  if (c.reason === 'not-found') throw notFound('Draft not found');
  if (c.reason === 'closed') throw conflict('This draft was already published or discarded.', 'DRAFT_CLOSED');
  throw conflict('This draft could not be published.', 'DRAFT_CLOSED');
}

/** The drafts, newest first. */
export const listDrafts: RouteHandler<Routes['listDrafts']> = async () => ({ items: await readDrafts() });

/** The owner's edit of a draft still a draft. */
export const updateDraft: RouteHandler<Routes['updateDraft']> = async ({ params, body }) =>
  answer(await changeDraft(params.id, { ...body, updatedAt: new Date().toISOString() }));

/**
 * A post draft becomes a community post in the owner's name (social writes it from MarketingPostApproved, once); a
 * campaign draft becomes an active campaign. Either way in the same transaction as the draft's new status.
 */
export const publishDraft: RouteHandler<Routes['publishDraft']> = async ({ params, session }) => {
  const draft = await readDraft(params.id);
  if (!draft) throw notFound('Draft not found');
  const now = new Date().toISOString();
  if (draft.kind === 'post') {
    const postId = randomUUID();
    return answer(await changeDraft(params.id, { status: 'published', publishedAt: now, publishedAs: postId, updatedAt: now }, {
      event: eventPart('MarketingPostApproved', { draftId: draft.id, postId, userId: session.userId, content: draft.body, createdAt: now }),
    }));
  }
  const tooLong = draftTooLong(draft);
  if (tooLong) throw badRequest(tooLong.message, [{ path: [tooLong.field], message: tooLong.message }]);
  const campaign = campaignFromDraft(draft, now);
  return answer(await changeDraft(params.id, { status: 'published', publishedAt: now, publishedAs: campaign.id, updatedAt: now }, { campaign: campaignPut(campaign) }));
};

/** The owner sets a draft aside. */
export const discardDraft: RouteHandler<Routes['discardDraft']> = async ({ params }) =>
  answer(await changeDraft(params.id, { status: 'discarded', updatedAt: new Date().toISOString() }));
