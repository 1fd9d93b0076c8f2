import { beforeEach, describe, expect, it } from 'vitest';
import { oneClickHeaders, readUnsubscribeToken, unsubscribePage, unsubscribeToken } from '../src/mail-links.ts';

const KEY_A = 'a'.repeat(40);
const KEY_B = 'b'.repeat(40);
beforeEach(() => { process.env.MAIL_LINK_KEY = JSON.stringify({ current: KEY_A }); });

describe('signed unsubscribe links', () => {
  it('reads back what it signed, and refuses a changed payload, signature or shape', async () => {
    const t = await unsubscribeToken('user-1', 'marketing');
    expect(await readUnsubscribeToken(t)).toEqual({ userId: 'user-1', kind: 'marketing' });
    const [payload, sig] = t.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ u: 'user-2', k: 'marketing' })).toString('base64url');
    expect(await readUnsubscribeToken(`${other}.${sig}`)).toBeUndefined();
    expect(await readUnsubscribeToken(`${payload}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(await readUnsubscribeToken(`${payload}.${sig}.x`)).toBeUndefined();
    expect(await readUnsubscribeToken(payload)).toBeUndefined();
  });

  it('keeps links signed before a rotation working with the previous key, and refuses a foreign key or an unknown kind', async () => {
    const old = await unsubscribeToken('user-1', 'follows');
    process.env.MAIL_LINK_KEY = JSON.stringify({ current: KEY_B, previous: KEY_A });
    expect(await readUnsubscribeToken(old)).toEqual({ userId: 'user-1', kind: 'follows' });
    process.env.MAIL_LINK_KEY = JSON.stringify({ current: KEY_B });
    expect(await readUnsubscribeToken(old)).toBeUndefined();
    const payload = Buffer.from(JSON.stringify({ u: 'user-1', k: 'everything' })).toString('base64url');
    const { createHmac } = await import('node:crypto');
    expect(await readUnsubscribeToken(`${payload}.${createHmac('sha256', KEY_B).update(payload).digest('base64url')}`)).toBeUndefined();
  });

  it('gives RFC 8058 headers with an https link in AWS and the page link', async () => {
    const t = await unsubscribeToken('user-1', 'notifications');
    const h = oneClickHeaders('https://torcedor.example', t);
    expect(h['List-Unsubscribe']).toBe(`<https://torcedor.example/api/unsubscribe/one-click?token=${t}>`);
    expect(h['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribePage('https://torcedor.example', t)).toBe(`https://torcedor.example/unsubscribe?token=${t}`);
  });
});
