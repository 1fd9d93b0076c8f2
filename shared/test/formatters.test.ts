import { describe, expect, it } from 'vitest';
import { ageOn, agingLabel, displayName, isAgedAtLeast, isoDay, localTimeZone, parseIsoDate, relativePostTime, starRating, thousands } from '../src/formatters.ts';
import { escapeFormula, unescapeFormula } from '../src/csv.ts';

describe('ageOn (whole years, minus one before this year\'s birthday)', () => {
  it('counts a birthday today as a completed year', () => {
    expect(ageOn('2005-11-22', '2026-11-22')).toBe(21);
  });
  it('does not count a birthday tomorrow', () => {
    expect(ageOn('2005-11-23', '2026-11-22')).toBe(20);
  });
  it('does not count a birthday later this year in an earlier month', () => {
    expect(ageOn('2005-12-01', '2026-11-22')).toBe(20);
  });
  it('counts a birthday earlier this year', () => {
    expect(ageOn('2005-01-31', '2026-11-22')).toBe(21);
  });
  it('treats a Feb 29 birthday as reached on Mar 1 of a common year, not on Feb 28', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
  it('treats a Feb 29 birthday as reached on Feb 29 of a leap year', () => {
    expect(ageOn('2004-02-29', '2028-02-28')).toBe(23);
    expect(ageOn('2004-02-29', '2028-02-29')).toBe(24);
  });
  it('rejects dates that do not exist', () => {
    expect(() => ageOn('2005-02-30', '2026-11-22')).toThrow(RangeError);
    expect(parseIsoDate('2025-13-01')).toBeNull();
    expect(parseIsoDate('not-a-date')).toBeNull();
  });
});

describe('isoDay', () => {
  it('gives the calendar date in the requested time zone', () => {
    const t = new Date('2026-11-22T23:30:00Z');
    expect(isoDay(t)).toBe('2026-11-22');
    expect(isoDay(t, 'Europe/Amsterdam')).toBe('2026-11-23');
  });

  it('keeps each time zone apart once its formatter is kept, and still refuses an unknown zone', () => {
    const t = new Date('2026-11-22T23:30:00Z');
    expect([isoDay(t, 'Europe/Amsterdam'), isoDay(t), isoDay(t, 'Pacific/Auckland'), isoDay(t, 'America/Los_Angeles')])
      .toEqual(['2026-11-23', '2026-11-22', '2026-11-23', '2026-11-22']);
    expect(() => isoDay(t, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => isoDay(t, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('thousands (en-US grouping without Intl)', () => {
  it('writes what toLocaleString(\'en-US\') writes for whole numbers', () => {
    for (const n of [0, 7, 999, 1000, 2000, 12345, 999999, 1000000, 1234567, -1000, -999, -1234567]) {
      expect(thousands(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('drops a fraction rather than grouping its digits', () => {
    expect(thousands(12345.678)).toBe('12,345');
  });
});

describe('localTimeZone', () => {
  it('is the device\'s zone, and the day in it is the local calendar date', () => {
    expect(localTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(isoDay(now, localTimeZone())).toBe(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
  });
});

describe('agingLabel (years to one decimal from 1 year, else whole months)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('shows whole months under a year', () => {
    expect(agingLabel('2026-11-01', now)).toBe('0 months');
    expect(agingLabel('2026-10-20', now)).toBe('1 month');
    expect(agingLabel('2026-05-22', now)).toBe('6 months');
    expect(agingLabel('2025-12-01', now)).toBe('11 months');
  });
  it('switches to years at exactly one year', () => {
    expect(agingLabel('2025-11-22', now)).toBe('1.0 years');
  });
  it('shows years to one decimal, never rounding up past what has passed', () => {
    expect(agingLabel('2024-05-22', now)).toBe('2.5 years');
    expect(agingLabel('2024-05-24', now)).toBe('2.4 years');
    expect(agingLabel('2024-11-29', now)).toBe('1.9 years');
  });
  it('shows a future box date as 0 months and an invalid one as nothing', () => {
    expect(agingLabel('2027-01-01', now)).toBe('0 months');
    expect(agingLabel('garbage', now)).toBe('');
  });
});

describe('isAgedAtLeast (aging stat: 2 years or more since boxDate)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('counts exactly two years', () => expect(isAgedAtLeast('2024-11-22', 2, now)).toBe(true));
  it('does not count one day short of two years', () => expect(isAgedAtLeast('2024-11-23', 2, now)).toBe(false));
  it('does not count items without a box date', () => {
    expect(isAgedAtLeast(null, 2, now)).toBe(false);
    expect(isAgedAtLeast(undefined, 2, now)).toBe(false);
  });
});

describe('starRating (score / 20 to one decimal; half star when remainder >= 10)', () => {
  it.each([
    [0, '0.0', 0, false],
    [9, '0.5', 0, false],
    [10, '0.5', 0, true],
    [19, '0.9', 0, true],
    [20, '1.0', 1, false],
    [29, '1.4', 1, false],
    [30, '1.5', 1, true],
    [87, '4.3', 4, false],
    [90, '4.5', 4, true],
    [99, '5.0', 4, true],
    [100, '5.0', 5, false],
  ] as const)('score %i -> %s (%i full, half %s)', (score, value, full, half) => {
    const r = starRating(score);
    expect(r.value).toBe(value);
    expect(r.full).toBe(full);
    expect(r.half).toBe(half);
    expect(r.full + (r.half ? 1 : 0) + r.empty).toBe(5);
  });
  it('clamps scores outside 0-100', () => {
    expect(starRating(-5).full).toBe(0);
    expect(starRating(140).full).toBe(5);
  });
});

describe('relativePostTime (1 hour, 24 hours, 7 days thresholds)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const H = 3_600_000;
  it("says 'Just now' under one hour", () => {
    expect(relativePostTime(ago(0), now)).toBe('Just now');
    expect(relativePostTime(ago(H - 1), now)).toBe('Just now');
  });
  it("says 'Nh ago' from one hour to under 24 hours", () => {
    expect(relativePostTime(ago(H), now)).toBe('1h ago');
    expect(relativePostTime(ago(24 * H - 1), now)).toBe('23h ago');
  });
  it("says 'Nd ago' from 24 hours to under 7 days", () => {
    expect(relativePostTime(ago(24 * H), now)).toBe('1d ago');
    expect(relativePostTime(ago(7 * 24 * H - 1), now)).toBe('6d ago');
  });
  it('shows the local date from 7 days', () => {
    const t = ago(7 * 24 * H);
    expect(relativePostTime(t, now, 'en-US')).toBe(new Date(t).toLocaleDateString('en-US'));
  });
});

describe('humidorStats (stats card and origins of docs/product.md, "Screens")', async () => {
  const { humidorStats } = await import('../src/collection.ts');
  const now = new Date('2026-11-22T12:00:00Z');
  it('sums sticks, counts unique cigars and items aged 2+ years, and groups origins with Other as default', () => {
    const s = humidorStats([
      { cigarId: 'a', quantity: 5, boxDate: '2024-11-22', brandCountry: 'Nicaragua' },
      { cigarId: 'a', quantity: 2, boxDate: '2024-11-23', brandCountry: 'Nicaragua' },
      { cigarId: 'b', quantity: 3, boxDate: null, brandCountry: null },
      { cigarId: 'c', quantity: 1, boxDate: '2020-01-01', brandCountry: 'Cuba' },
    ], now);
    expect(s).toEqual({
      totalSticks: 11, uniqueCigars: 3, aging: 2,
      origins: [{ country: 'Nicaragua', count: 7 }, { country: 'Other', count: 3 }, { country: 'Cuba', count: 1 }],
    });
  });
});

describe('display name (page and services alike)', () => {
  it('prefers the display name, then first and last name, then Member', () => {
    expect(displayName({ displayName: '  Don Pepín ', firstName: 'José', lastName: 'García' })).toBe('Don Pepín');
    expect(displayName({ displayName: '   ', firstName: ' José ', lastName: 'García' })).toBe('José García');
    expect(displayName({ displayName: null, firstName: null, lastName: 'García' })).toBe('García');
    expect(displayName({})).toBe('Member');
  });
});

describe('CSV formula escape (export) and its undoing (import)', () => {
  it('prefixes formula-like text and takes exactly that prefix off again', () => {
    for (const t of ['=SUM(A1)', '+1', '-2', '@x', '\tx', '\rx']) {
      expect(escapeFormula(t)).toBe(`'${t}`);
      expect(unescapeFormula(escapeFormula(t))).toBe(t);
    }
    expect(escapeFormula("Don't")).toBe("Don't");
    expect(unescapeFormula("'quoted note")).toBe("'quoted note");
    expect(unescapeFormula("'=x")).toBe('=x');
  });
});
