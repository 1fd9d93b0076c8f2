import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, fakeApi, json } from '@/testing/fake-api';
import { signUp } from './api/sign-up';
import { startTrial } from './api/start-trial';
import { Attribution } from '@torcedor/shared/schemas/attribution';
import { ATTRIBUTION_KEY, ATTRIBUTION_TTL_MS, captureAttribution, cleanAttribution, readAttribution, recordVisitOnce, storedAttribution, VISIT_SENT_KEY, withAttribution } from './attribution';

const ORIGIN = 'https://torcedor.club';
const page = (search: string, referrer = '') => ({ search, referrer, origin: ORIGIN });
const NOW = Date.UTC(2026, 2, 1);
const DAY = 24 * 60 * 60 * 1_000;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('reading where a visitor came from', () => {
  it('reads the three UTM parameters, trimmed', () => {
    expect(readAttribution(page('?utm_source=Instagram&utm_medium=social&utm_campaign=%20spring-week%20&x=1'))).toEqual({
      utmSource: 'Instagram', utmMedium: 'social', utmCampaign: 'spring-week',
    });
  });

  it("keeps another site's http(s) referrer (its origin and path only), never our own or another scheme", () => {
    expect(readAttribution(page('', 'https://www.google.com/search?q=cigars#top'))).toEqual({ referrer: 'https://www.google.com/search' });
    expect(readAttribution(page('', 'http://blog.example.org/best-lounges'))).toEqual({ referrer: 'http://blog.example.org/best-lounges' });
    expect(readAttribution(page('', `${ORIGIN}/terms`))).toEqual({});
    expect(readAttribution(page('', 'android-app://com.google.android.gm/'))).toEqual({});
    expect(readAttribution(page('', 'not a url'))).toEqual({});
    expect(readAttribution(page(''))).toEqual({});
  });

  it('drops each invalid field on its own (empty, too long, not a field)', () => {
    expect(readAttribution(page(`?utm_source=&utm_medium=${'m'.repeat(101)}&utm_campaign=ok`))).toEqual({ utmCampaign: 'ok' });
    expect(cleanAttribution({ utmSource: '  ', utmMedium: 42, referrer: 'ftp://files.example.com/', utmCampaign: 'c1', other: 'x' } as never)).toEqual({ utmCampaign: 'c1' });
  });

  it('keeps exactly what the shared Attribution schema accepts, field by field', () => {
    const values: unknown[] = [
      undefined, null, 42, '', ' ', 'a', ' spring ', 'x'.repeat(100), ` ${'x'.repeat(100)} `, 'x'.repeat(101), 'naïve café',
      'https://news.example.com/', 'http://a.example/p', 'https://news.example.com/x', `https://example.com/${'p'.repeat(480)}`,
      `https://example.com/${'p'.repeat(481)}`, 'ftp://files.example.com/', 'javascript:alert(1)', 'mailto:a@example.com', 'not a url', '//example.com/',
    ];
    for (const field of ['utmSource', 'utmMedium', 'utmCampaign', 'referrer'] as const) {
      for (const value of values) {
        const schema = Attribution.shape[field].safeParse(value);
        const expected = schema.success && schema.data !== undefined ? { [field]: schema.data } : {};
        expect(cleanAttribution({ [field]: value }), `${field} = ${JSON.stringify(value)}`).toEqual(expected);
      }
    }
  });
});

describe('the first touch', () => {
  it('is stored for 30 days and sent with the sign-up or trial', () => {
    captureAttribution(page('?utm_source=newsletter&utm_campaign=march', 'https://mail.example.com/'), NOW);
    expect(storedAttribution(NOW + 29 * DAY)).toEqual({ utmSource: 'newsletter', utmCampaign: 'march', referrer: 'https://mail.example.com/' });
    expect(withAttribution({ dateOfBirth: '1980-01-01', country: 'US' }, NOW + DAY)).toEqual({
      dateOfBirth: '1980-01-01', country: 'US', attribution: { utmSource: 'newsletter', utmCampaign: 'march', referrer: 'https://mail.example.com/' },
    });
    expect(storedAttribution(NOW + ATTRIBUTION_TTL_MS + 1)).toBeUndefined();
    expect(withAttribution({ country: 'US' }, NOW + 31 * DAY)).toEqual({ country: 'US' });
  });

  it('is not overwritten by a visit with nothing to say, nor by a referrer alone', () => {
    captureAttribution(page('?utm_source=instagram'), NOW);
    captureAttribution(page(''), NOW + DAY);
    captureAttribution(page('?utm_source=', 'https://news.example.com/'), NOW + 2 * DAY);
    expect(storedAttribution(NOW + 3 * DAY)).toEqual({ utmSource: 'instagram' });
  });

  it('is replaced by a new set of UTM values', () => {
    captureAttribution(page('', 'https://news.example.com/'), NOW);
    expect(storedAttribution(NOW)).toEqual({ referrer: 'https://news.example.com/' });
    captureAttribution(page('?utm_source=ads&utm_medium=paid&utm_campaign=summer'), NOW + DAY);
    expect(storedAttribution(NOW + DAY)).toEqual({ utmSource: 'ads', utmMedium: 'paid', utmCampaign: 'summer' });
  });

  it('a referrer starts one when none is kept (or the kept one expired)', () => {
    captureAttribution(page('?utm_source=old'), NOW);
    captureAttribution(page('', 'https://forum.example.com/t/1'), NOW + 31 * DAY);
    expect(storedAttribution(NOW + 31 * DAY)).toEqual({ referrer: 'https://forum.example.com/t/1' });
  });

  it('ignores a stored value that is not valid, and keeps only its valid fields', () => {
    localStorage.setItem(ATTRIBUTION_KEY, '{not json');
    expect(storedAttribution(NOW)).toBeUndefined();
    localStorage.setItem(ATTRIBUTION_KEY, JSON.stringify({ attribution: { utmSource: 'x'.repeat(500), utmMedium: 'email', evil: '<script>' }, at: NOW }));
    expect(storedAttribution(NOW)).toEqual({ utmMedium: 'email' });
  });

  it("answers this visit's own attribution", () => {
    captureAttribution(page('?utm_source=first'), NOW);
    expect(captureAttribution(page('', 'https://other.example.com/'), NOW + DAY)).toEqual({ referrer: 'https://other.example.com/' });
  });
});

describe('the visit beacon', () => {
  it('is sent once per browser session, with the attribution when there is one', () => {
    const send = vi.fn(async () => undefined);
    recordVisitOnce(send, { utmSource: 'instagram' });
    recordVisitOnce(send, { utmSource: 'again' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ utmSource: 'instagram' });
    expect(sessionStorage.getItem(VISIT_SENT_KEY)).toBe('1');
    sessionStorage.clear();
    recordVisitOnce(send, {});
    expect(send).toHaveBeenLastCalledWith(undefined);
  });

  it('fails silently: no error, nothing logged', async () => {
    const error = vi.spyOn(console, 'error');
    const send = vi.fn(() => Promise.reject(new Error('offline')));
    expect(() => recordVisitOnce(send, {})).not.toThrow();
    await Promise.resolve();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('the sign-up and trial requests', () => {
  const account = { email: 'ana@example.com', password: 'Robusto-2026', firstName: 'Ana', lastName: 'Robusto', dateOfBirth: '1980-01-01', country: 'US' } as const;

  it('carry the first touch when there is one', async () => {
    // What is sent is the point here, not the answer (the signed-in member: refused by its schema, so caught).
    const fetch = fakeApi({ 'POST /api/auth/signup': () => json({ userId: 'u1' }, 201) });
    await signUp(account).catch(() => {});
    expect(callsOf(fetch)[0]!.body).toEqual(account);
    captureAttribution(page('?utm_source=instagram&utm_campaign=spring-abc123'));
    await signUp(account).catch(() => {});
    expect(callsOf(fetch)[1]!.body).toEqual({ ...account, attribution: { utmSource: 'instagram', utmCampaign: 'spring-abc123' } });
  });

  it('the trial too', async () => {
    const fetch = fakeApi({ 'POST /api/auth/trial': () => json({}, 500) });
    captureAttribution(page('', 'https://www.reddit.com/r/cigars/'));
    await startTrial({ dateOfBirth: '1980-01-01', country: 'US' }).catch(() => {});
    expect(callsOf(fetch)[0]!.body).toEqual({ dateOfBirth: '1980-01-01', country: 'US', attribution: { referrer: 'https://www.reddit.com/r/cigars/' } });
  });
});
