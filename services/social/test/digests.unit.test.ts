import { describe, expect, it } from 'vitest';
import { DIGEST_INTERVAL_SECONDS, DIGEST_ITEMS_SHOWN } from '@torcedor/shared/constants';
import { toAuthor } from '../src/domain/author.ts';
import { digestDecision, digestEmail, digestLine, inDigest, kindsIn, type MailCopy } from '../src/domain/digests.ts';

const now = new Date('2025-06-01T12:00:00.000Z');
const mail = (over: Partial<MailCopy> = {}): MailCopy => ({ userId: 'u', email: 'u@example.com', verified: true, version: 1, ...over });
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const copy = (over: Record<string, unknown> = {}) => toAuthor({ userId: 'u', ...over }, 'u');
const view = (type: string, actorName = 'Ana', excerpt: string | null = null) =>
  ({ id: 'n', type: type as 'follow', actorId: 'a', actorName, actorImageUrl: null, actorPremium: false, targetId: null, excerpt, read: false, createdAt: '' });
const links = { app: 'https://club.example/', settings: 'https://club.example/settings', unsubscribe: {} };

describe('digestDecision (README, "Notification emails")', () => {
  it('sends to a verified address, with the kinds the member allows', () => {
    expect(digestDecision(copy(), mail(), now)).toEqual({ act: 'send', to: 'u@example.com', types: expect.arrayContaining(['follow', 'like', 'comment', 'rsvp']), messages: true });
    expect(digestDecision(copy({ followNotifications: false, eventNotifications: false }), mail(), now)).toEqual({ act: 'send', to: 'u@example.com', types: ['like', 'comment'], messages: true });
    // Unread direct messages alone are reason enough; with message emails off they are left out.
    expect(digestDecision(copy({ followNotifications: false, reviewNotifications: false, eventNotifications: false }), mail(), now)).toEqual({ act: 'send', to: 'u@example.com', types: [], messages: true });
    expect(digestDecision(copy({ messageNotifications: false }), mail(), now)).toMatchObject({ act: 'send', messages: false });
  });

  it('drops the marker without a verified address, at a suppressed one, with email off or every kind off', () => {
    for (const [c, m] of [
      [copy(), undefined], [copy(), mail({ verified: false })], [copy(), mail({ email: null })], [copy(), mail({ suppressed: true })],
      [copy({ emailNotifications: false }), mail()],
      [copy({ followNotifications: false, reviewNotifications: false, eventNotifications: false, messageNotifications: false }), mail()],
      [copy({ emailNotifications: false, messageNotifications: true }), mail()],
    ] as const) expect(digestDecision(c, m, now)).toEqual({ act: 'drop' });
  });

  it('waits until the last digest is DIGEST_INTERVAL_SECONDS old', () => {
    expect(digestDecision(copy(), mail({ lastDigestAt: ago(DIGEST_INTERVAL_SECONDS - 1) }), now)).toEqual({ act: 'wait' });
    expect(digestDecision(copy(), mail({ lastDigestAt: ago(DIGEST_INTERVAL_SECONDS) }), now).act).toBe('send');
  });
});

describe('the digest email', () => {
  it('keeps unread notifications of the allowed kinds, and names the kinds present once each', () => {
    const keep = inDigest(['like', 'comment']);
    expect([keep({ type: 'like', read: false }), keep({ type: 'like', read: true }), keep({ type: 'follow', read: false })]).toEqual([true, false, false]);
    expect(kindsIn(['event_changed', 'like', 'comment', 'follow', 'rsvp'])).toEqual(['follows', 'activity', 'events']);
  });

  it('says each notification as the bell does', () => {
    expect(digestLine(view('follow'))).toBe('Ana started following you');
    expect(digestLine(view('comment', 'Ana', 'Lovely'))).toBe('Ana commented: "Lovely"');
    expect(digestLine(view('comment', 'Ana', null))).toBe('Ana commented');
    expect(digestLine(view('event_cancelled', 'Ana', 'Cigar night'))).toBe('Cigar night was cancelled');
  });

  it(`lists at most ${DIGEST_ITEMS_SHOWN} lines and how many more, with the settings and the unsubscribe links given`, () => {
    const shown = Array.from({ length: DIGEST_ITEMS_SHOWN }, (_, i) => view('follow', `Fan${i}`));
    const c = digestEmail(shown, DIGEST_ITEMS_SHOWN + 3, { ...links, unsubscribe: { notifications: 'https://club.example/unsubscribe?token=all', follows: 'https://club.example/unsubscribe?token=f' } });
    expect(c.list).toHaveLength(DIGEST_ITEMS_SHOWN + 1);
    expect(c.list?.at(-1)).toBe('and 3 more');
    expect(c.subject).toBe(`You have ${DIGEST_ITEMS_SHOWN + 3} new notifications on Torcedor`);
    expect(c.footer.links?.map((l) => l.label)).toEqual(['Notification settings', 'Unsubscribe from new follower emails', 'Unsubscribe from all notification emails']);
    expect(digestEmail([view('like')], 1, links)).toMatchObject({ subject: 'You have 1 new notification on Torcedor', list: ['Ana liked your post'] });
  });
});

describe("the digest in the recipient's language", () => {
  it('says every line, count and link in it, the members\' words as written', () => {
    expect(digestLine(view('like', 'Ana', 'Un Lancero'), 'es')).toBe('A Ana le ha gustado tu publicación: «Un Lancero»');
    expect(digestLine(view('rsvp', 'Ana', null), 'de')).toBe('Ana hat für Ihre Veranstaltung zugesagt');
    expect(digestLine(view('event_cancelled', 'Ana', 'Cigar night'), 'fr')).toBe('Annulation\u00a0: Cigar night');
    expect(digestLine(view('follow', 'Ana'), 'it')).toBe('Ana ha iniziato a seguirti');
    const shown = Array.from({ length: DIGEST_ITEMS_SHOWN }, (_, i) => view('follow', `Fan${i}`));
    const es = digestEmail(shown, DIGEST_ITEMS_SHOWN + 3, { ...links, unsubscribe: { notifications: 'https://club.example/u' } }, [], 'es');
    expect(es).toMatchObject({ language: 'es', subject: `Tienes ${DIGEST_ITEMS_SHOWN + 3} notificaciones nuevas en Torcedor`, heading: 'Lo que ha pasado en el club' });
    expect(es.list?.at(-1)).toBe('y 3 más');
    expect(es.footer.links?.map((l) => l.label)).toEqual(['Ajustes de notificaciones', 'Darse de baja de todos los correos de notificaciones']);
    const de = digestEmail([view('like')], 1, links, [{ name: 'Bruno', unread: 2, excerpt: 'Heute Abend?' }], 'de');
    expect(de.subject).toBe('Sie haben 2 ungelesene Nachrichten und 1 neue Benachrichtigung bei Torcedor');
    expect(de.list).toEqual(['Bruno hat Ihnen 2 Nachrichten geschickt: „Heute Abend?“', 'Ana gefällt Ihr Beitrag']);
  });

  it('has every message in every language, with English\'s placeholders, none left in English', async () => {
    const { catalogProblems } = await import('@torcedor/service-kit/messages');
    const files = Object.fromEntries(await Promise.all(['en', 'es', 'fr', 'de', 'it'].map(async (l) =>
      [l, (await import(`../content/${l}/emails.json`, { with: { type: 'json' } })).default]))) as Parameters<typeof catalogProblems>[0];
    expect(catalogProblems(files)).toEqual([]);
    expect(Object.keys(files.en)).toHaveLength(32);
    for (const l of ['es', 'fr', 'de', 'it'] as const) {
      for (const [key, text] of Object.entries(files[l])) expect(text, `${l} ${key}`).not.toBe(files.en[key]);
    }
  });
});
