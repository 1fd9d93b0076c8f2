import { randomUUID } from 'node:crypto';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readInbox, type StoredEmail } from '@torcedor/local/src/aws/ses.ts';
import { DIGEST_INTERVAL_SECONDS, DIGEST_ITEMS_SHOWN, DIGEST_SHARDS } from '@torcedor/shared/constants';
import { socialFixture, type Member } from './fixture.ts';

/**
 * Notification emails (README, "Notification emails"): one digest per member per hour, sent by the
 * `notification_digests` schedule's worker to a verified address, of the kinds the member allows; read from the
 * aws-ses-v2-local inbox as a member reads their mail.
 */
let social: Awaited<ReturnType<typeof socialFixture>>;
let keys: typeof import('../src/store/keys.ts').keys;
let shardOf: typeof import('../src/store/keys.ts').shardOf;
let follows: typeof import('../src/store/follows.ts');
let mailLinks: typeof import('@torcedor/service-kit/mail-links');

beforeAll(async () => {
  social = await socialFixture();
  ({ keys, shardOf } = await import('../src/store/keys.ts'));
  follows = await import('../src/store/follows.ts');
  mailLinks = await import('@torcedor/service-kit/mail-links');
});

const address = () => `digest-${randomUUID().slice(0, 12)}@example.com`;
const inbox = async (to: string): Promise<StoredEmail[]> =>
  (await readInbox(inject('localAws').sesEndpoint)).filter((m) => m.destination.to.includes(to));
const tick = () => social.tick('notification_digests');
const header = (m: StoredEmail, name: string) => m.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
const get = async (key: { PK: string; SK: string }) =>
  (await social.ddb.ddb.send(new GetCommand({ TableName: social.ddb.TABLE, Key: key, ConsistentRead: true }))).Item;

/** A member with a verified address (MemberEmailChanged) and the profile changes given. */
async function verified(name: string, profile: Record<string, unknown> = {}): Promise<{ m: Member; email: string }> {
  const m = await social.member(name, { profile });
  const email = address();
  await social.mailTo(m, 1, email);
  return { m, email };
}
const follow = async (follower: Member, followee: Member) =>
  expect((await social.as(follower)('POST', `/api/follow/${followee.userId}`, { pathParameters: { id: followee.userId } })).status).toBe(200);
async function likedPost(author: Member, liker: Member, content = 'A Lancero after dinner') {
  const p = await social.as(author)('POST', '/api/posts', { body: { content, postType: 'text' } });
  expect(p.status).toBe(201);
  const id = p.body.id as string;
  expect((await social.as(liker)('POST', `/api/posts/${id}/like`, { pathParameters: { id } })).status).toBe(200);
  return id;
}
/** Sets the member's last digest back by `seconds`, as if it had been sent then. */
const lastDigestAgo = (m: Member, seconds: number) => social.ddb.ddb.send(new UpdateCommand({
  TableName: social.ddb.TABLE, Key: keys.mailTo(m.userId), UpdateExpression: 'SET lastDigestAt = :t',
  ExpressionAttributeValues: { ':t': new Date(Date.now() - seconds * 1000).toISOString() },
}));

describe('the notification digest', () => {
  it('sends ONE digest listing a follow and a like, with one-click unsubscribe and the settings and per-kind links', async () => {
    const { m: ana, email } = await verified('Ana');
    const bruno = await social.member('Bruno');
    const carla = await social.member('Carla');
    await follow(bruno, ana);
    await likedPost(ana, carla, 'My first <Cohiba> & a coffee');
    expect(await get(keys.digestDue(ana.userId))).toMatchObject({ userId: ana.userId, pending: 2 });
    await tick();
    const mail = await inbox(email);
    expect(mail).toHaveLength(1);
    const text = mail[0]!.body.text ?? '';
    expect(text).toContain('- Carla liked your post: "My first <Cohiba> & a coffee"');
    expect(text).toContain('- Bruno started following you');
    // Newest first: the like came after the follow.
    expect(text.indexOf('Carla liked')).toBeLessThan(text.indexOf('Bruno started'));
    // Member-written text is escaped in the HTML part.
    expect(mail[0]!.body.html).toContain('My first &lt;Cohiba&gt; &amp; a coffee');
    expect(mail[0]!.subject).toBe('You have 2 new notifications on Torcedor');
    // RFC 8058: the one-click link turns notification emails off (the master switch).
    expect(header(mail[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(header(mail[0]!, 'List-Unsubscribe') ?? '')![1]!);
    expect(oneClick.pathname).toBe('/api/unsubscribe/one-click');
    expect(await mailLinks.readUnsubscribeToken(oneClick.searchParams.get('token')!)).toEqual({ userId: ana.userId, kind: 'notifications' });
    // The footer: the settings, and the unsubscribe page of each kind present and of all notification emails.
    expect(text).toMatch(/Notification settings: http\S+\/settings/);
    const pages = [...text.matchAll(/^(Unsubscribe from [^:]+): (\S+)$/gm)];
    expect(pages.map((p) => p[1])).toEqual(['Unsubscribe from new follower emails', 'Unsubscribe from like and comment emails', 'Unsubscribe from all notification emails']);
    const kinds = await Promise.all(pages.map((p) => mailLinks.readUnsubscribeToken(new URL(p[2]!).searchParams.get('token')!)));
    expect(kinds.map((k) => k?.kind)).toEqual(['follows', 'activity', 'notifications']);
    // Recorded: the marker is gone and the time of the digest kept.
    expect(await get(keys.digestDue(ana.userId))).toBeUndefined();
    expect((await get(keys.mailTo(ana.userId)))?.lastDigestAt).toEqual(expect.any(String));
  });

  it('sends nothing more within the hour, even after a new notification; once the hour is over, the new one alone', async () => {
    const { m: ana, email } = await verified('Ana');
    await follow(await social.member('Bruno'), ana);
    await tick();
    expect(await inbox(email)).toHaveLength(1);
    await follow(await social.member('Dario'), ana);
    await tick();
    expect(await inbox(email)).toHaveLength(1);
    expect(await get(keys.digestDue(ana.userId))).toBeDefined();
    await lastDigestAgo(ana, DIGEST_INTERVAL_SECONDS - 60);
    await tick();
    expect(await inbox(email)).toHaveLength(1);
    await lastDigestAgo(ana, DIGEST_INTERVAL_SECONDS + 60);
    await tick();
    const mail = await inbox(email);
    expect(mail).toHaveLength(2);
    expect(mail[1]!.body.text).toContain('Dario started following you');
    expect(mail[1]!.body.text).not.toContain('Bruno');
  });

  it(`shows the newest ${DIGEST_ITEMS_SHOWN} lines and how many more`, async () => {
    const { m: ana, email } = await verified('Ana');
    for (let i = 0; i < DIGEST_ITEMS_SHOWN + 2; i++) {
      const fan = await social.member(`Fan${i}`);
      await follows.follow(fan.userId, ana.userId, false);
    }
    await tick();
    const [mail] = await inbox(email);
    const lines = (mail!.body.text ?? '').split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toHaveLength(DIGEST_ITEMS_SHOWN + 1);
    expect(lines.at(-1)).toBe('- and 2 more');
    expect(lines[0]).toBe(`- Fan${DIGEST_ITEMS_SHOWN + 1} started following you`);
    expect(mail!.subject).toBe(`You have ${DIGEST_ITEMS_SHOWN + 2} new notifications on Torcedor`);
  });

  it('leaves out the kinds the member turned off, at send time', async () => {
    const { m: ana, email } = await verified('Ana');
    await follow(await social.member('Bruno'), ana);
    await likedPost(ana, await social.member('Carla'));
    await social.profile(ana, { followNotifications: false });
    await tick();
    const [mail, ...more] = await inbox(email);
    expect(more).toEqual([]);
    expect(mail!.body.text).toContain('Carla liked your post');
    expect(mail!.body.text).not.toContain('Bruno');
    expect(mail!.body.text).not.toContain('Unsubscribe from new follower emails');
  });

  it('sends nothing when nothing is left after filtering, and nothing with notification emails off', async () => {
    const { m: onlyFollows, email: a } = await verified('Ana', { followNotifications: false });
    await follow(await social.member('Bruno'), onlyFollows);
    const { m: off, email: b } = await verified('Bea', { emailNotifications: false });
    await follow(await social.member('Bruno'), off);
    await likedPost(off, await social.member('Carla'));
    await tick();
    expect(await inbox(a)).toEqual([]);
    expect(await inbox(b)).toEqual([]);
    // Their markers are gone: nothing waits to be sent later.
    expect(await get(keys.digestDue(onlyFollows.userId))).toBeUndefined();
    expect(await get(keys.digestDue(off.userId))).toBeUndefined();
    // The bell still has them.
    expect((await social.as(off)('GET', '/api/notifications')).body.items).toHaveLength(2);
  });

  it('sends nothing to an unverified address, a member without one, or without MemberEmailChanged', async () => {
    const unverified = await social.member('Una');
    const email = address();
    await social.mailTo(unverified, 1, email, false);
    const trial = await social.member('Tia');
    await social.mailTo(trial, 1, null, true);
    const unknown = await social.member('Ugo');
    for (const m of [unverified, trial, unknown]) await follow(await social.member('Bruno'), m);
    await tick();
    expect(await inbox(email)).toEqual([]);
    for (const m of [unverified, trial, unknown]) expect(await get(keys.digestDue(m.userId))).toBeUndefined();
  });

  it('keeps the newest MemberEmailChanged: a stale one (older version) does not overwrite the address', async () => {
    const m = await social.member('Vera');
    const current = address();
    const stale = address();
    await social.mailTo(m, 5, current, true);
    await social.mailTo(m, 4, stale, false);
    expect(await get(keys.mailTo(m.userId))).toMatchObject({ email: current, verified: true, version: 5 });
    await follow(await social.member('Bruno'), m);
    await tick();
    expect(await inbox(current)).toHaveLength(1);
    expect(await inbox(stale)).toEqual([]);
    // A newer one (unverified again) stops the next digests.
    await social.mailTo(m, 6, current, false);
    await lastDigestAgo(m, DIGEST_INTERVAL_SECONDS + 60);
    await follow(await social.member('Dario'), m);
    await tick();
    expect(await inbox(current)).toHaveLength(1);
  });

  it('SES down: nothing is lost, the marker stays and the next tick sends the digest', async () => {
    const { m: ana, email } = await verified('Ana');
    await follow(await social.member('Bruno'), ana);
    const ses = mockClient(SESv2Client);
    try {
      ses.on(SendEmailCommand).rejects(Object.assign(new Error('SES is down'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } }));
      await tick();
    } finally {
      ses.restore();
    }
    expect(await inbox(email)).toEqual([]);
    expect(await get(keys.digestDue(ana.userId))).toBeDefined();
    expect((await get(keys.mailTo(ana.userId)))?.lastDigestAt).toBeUndefined();
    await tick();
    expect(await inbox(email)).toHaveLength(1);
  });

  it('a notification written while a digest is sent keeps a marker for the next one, without the ones sent', async () => {
    const { m: ana } = await verified('Ana');
    await follow(await social.member('Bruno'), ana);
    const { finishDigest } = await import('../src/store/digests.ts');
    const { notificationsSince } = await import('../src/store/notifications.ts');
    const marker = (await get(keys.digestDue(ana.userId))) as { userId: string; since: string; pending: number };
    const read = await notificationsSince(ana.userId, marker.since, () => true, DIGEST_ITEMS_SHOWN);
    expect(read.total).toBe(1);
    // Meanwhile Dario follows: the marker's count moves, so finishing the digest keeps it, from what was read on.
    await follow(await social.member('Dario'), ana);
    await finishDigest(marker, read.through);
    const kept = await get(keys.digestDue(ana.userId));
    expect(kept).toMatchObject({ since: read.through, pending: 2 });
    const next = await notificationsSince(ana.userId, String(kept!.since), () => true, DIGEST_ITEMS_SHOWN);
    expect(next.items.map((n) => n.type)).toEqual(['follow']);
    expect(next.items[0]!.actorId).not.toBe(read.items[0]!.actorId);
  });

  it('two runners of the same page at once send one digest (the claim on lastDigestAt)', async () => {
    const { m: ana, email } = await verified('Ana');
    await follow(await social.member('Bruno'), ana);
    const { digestPage } = await import('../src/handlers/digests.ts');
    const cursor = JSON.stringify({ shard: shardOf(ana.userId, DIGEST_SHARDS) });
    const run = () => digestPage({ params: {}, cursor, runId: 'r', key: 'all' });
    await Promise.all([run(), run(), run()]);
    expect(await inbox(email)).toHaveLength(1);
  });

  it("is written in the recipient's language (their copy's, from UserProfileChanged), the members' words as written", async () => {
    const { m: lucia, email } = await verified('Lucía', { language: 'es' });
    await follow(await social.member('Bruno'), lucia);
    await likedPost(lucia, await social.member('Carla'), 'Un Robusto con café');
    await tick();
    const [mail] = await inbox(email);
    expect(mail!.subject).toBe('Tienes 2 notificaciones nuevas en Torcedor');
    const text = mail!.body.text ?? '';
    expect(text).toContain('- A Carla le ha gustado tu publicación: «Un Robusto con café»');
    expect(text).toContain('- Bruno ha empezado a seguirte');
    expect(text).toMatch(/^Darse de baja de los correos de nuevos seguidores: \S+$/m);
    expect(mail!.body.html).toContain('<html lang="es">');
    // A new language saved reaches the copy with the next profile event: the next digest is in it.
    await social.profile(lucia, { language: 'de' });
    await lastDigestAgo(lucia, DIGEST_INTERVAL_SECONDS + 60);
    await follow(await social.member('Dario'), lucia);
    await tick();
    expect((await inbox(email)).at(-1)!.subject).toBe('Sie haben 1 neue Benachrichtigung bei Torcedor');
  });

  it("a member's deletion removes their marker and address copy", async () => {
    const { m: ana } = await verified('Ana');
    await follow(await social.member('Bruno'), ana);
    expect(await get(keys.digestDue(ana.userId))).toBeDefined();
    await social.send('UserDeleted', { userId: ana.userId, deletedAt: new Date().toISOString() });
    expect(await get(keys.digestDue(ana.userId))).toBeUndefined();
    expect(await get(keys.mailTo(ana.userId))).toBeUndefined();
  });
});
