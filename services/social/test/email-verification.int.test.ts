import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_UNVERIFIED_MESSAGE } from '@torcedor/shared/constants';
import { profileDetail } from '../../kit/test/fixture.ts';
import { socialFixture, type Member } from './fixture.ts';

/**
 * Members whose address is not verified yet read but do not post, comment or review (domain/author.ts#mayContribute,
 * docs/product.md, "Email"): social decides it on its copy of the member's profile (UserProfileChanged).
 */
let social: Awaited<ReturnType<typeof socialFixture>>;
let keys: typeof import('../src/store/keys.ts').keys;
let cigarId: string;

beforeAll(async () => {
  social = await socialFixture();
  keys = (await import('../src/store/keys.ts')).keys;
  cigarId = `verify-cigar-${randomUUID().slice(0, 8)}`;
  await social.send('CatalogCigarsChanged', { catalogVersion: 1, cigars: [{ id: cigarId, name: 'Verified Robusto', brandName: 'Testa', vitola: 'Robusto' }] }, 'torcedor.humidor');
});

const as = (m: Member) => social.as(m);
const writePost = (m: Member) => as(m)('POST', '/api/posts', { body: { content: 'A first smoke', postType: 'text' } });
const writeComment = (m: Member, postId: string) =>
  as(m)('POST', `/api/posts/${postId}/comments`, { pathParameters: { id: postId }, body: { content: 'Nice one' } });
const writeReview = (m: Member) =>
  as(m)('POST', '/api/reviews', { body: { cigarId, drawScore: 80, burnScore: 80, flavorScore: 80, overallScore: 80 } });
/** A post by a verified member, to comment on. */
const someonesPost = async () => {
  const r = await writePost(await social.member('Verified'));
  expect(r.status).toBe(201);
  return r.body.id as string;
};
/** The three contributions, each answered. */
const contribute = async (m: Member, postId: string) => [await writePost(m), await writeComment(m, postId), await writeReview(m)];
const storedCopy = async (m: Member) =>
  (await social.ddb.ddb.send(new GetCommand({ TableName: social.ddb.TABLE, Key: keys.author(m.userId), ConsistentRead: true }))).Item!;

describe('an unverified address', () => {
  it('refuses posts, comments and reviews with 403 EMAIL_UNVERIFIED and writes nothing; reading works', async () => {
    const postId = await someonesPost();
    const m = await social.member('Newcomer', { profile: { emailVerified: false } });
    for (const r of await contribute(m, postId)) {
      expect([r.status, r.body]).toEqual([403, { code: 'EMAIL_UNVERIFIED', message: EMAIL_UNVERIFIED_MESSAGE }]);
    }
    expect((await as(m)('GET', `/api/users/${m.userId}/posts`, { pathParameters: { id: m.userId } })).body.items).toEqual([]);
    expect((await as(m)('GET', `/api/posts/${postId}/comments`, { pathParameters: { id: postId } })).body).toMatchObject({ items: [], commentCount: 0 });
    expect((await as(m)('GET', `/api/cigars/${cigarId}/reviews`, { pathParameters: { id: cigarId } })).body)
      .not.toContainEqual(expect.objectContaining({ userId: m.userId }));
    expect((await as(m)('GET', '/api/feed')).status).toBe(200);
    expect((await as(m)('GET', '/api/feed/discover')).status).toBe(200);
    expect((await as(m)('GET', `/api/users/${m.userId}`, { pathParameters: { id: m.userId } })).status).toBe(200);
  });

  it('lets the member contribute once a newer profile says verified; a stale event does not take it back', async () => {
    const postId = await someonesPost();
    const m = await social.member('Verifier', { profile: { emailVerified: false } });
    expect((await writePost(m)).status).toBe(403);
    await social.profile(m, { emailVerified: true });
    expect((await contribute(m, postId)).map((r) => r.status)).toEqual([201, 201, 201]);
    // An older UserProfileChanged (still unverified) delivered late changes nothing.
    const copy = await storedCopy(m);
    await social.send('UserProfileChanged', profileDetail(m.userId, Number(copy.version) - 1, m.name, { emailVerified: false }));
    expect(await storedCopy(m)).toMatchObject({ emailVerified: true, version: copy.version });
    expect((await writePost(m)).status).toBe(201);
  });

  it('allows a trial account (no address: null), a member whose profile has not arrived, and events from before verification', async () => {
    const postId = await someonesPost();
    const trial = await social.member('Trial', { profile: { emailVerified: null } });
    expect((await contribute(trial, postId)).map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await storedCopy(trial)).emailVerified).toBeNull();
    const unknown = await social.member('Unknown', { profile: false });
    expect((await contribute(unknown, postId)).map((r) => r.status)).toEqual([201, 201, 201]);
    // An event without the field (identity before verification existed) counts as verified.
    const old = await social.member('Old', { profile: { emailVerified: false } });
    await social.send('UserProfileChanged', profileDetail(old.userId, Number((await storedCopy(old)).version) + 1, old.name));
    expect((await contribute(old, postId)).map((r) => r.status)).toEqual([201, 201, 201]);
  });
});
