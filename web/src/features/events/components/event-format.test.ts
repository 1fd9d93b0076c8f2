import { describe, expect, it } from 'vitest';
import { fromLocalInput, googleCalendarUrl, googleDate, toLocalInput } from './event-format';

const base = { title: 'Cuban Night & Rum', description: 'Aged Habanos', venueName: 'The Humidor Room', address: '1 Ocean Drive, Miami' };

describe('the Google Calendar link', () => {
  it('fills the template with the title, UTC dates, details and location', () => {
    const url = googleCalendarUrl({ ...base, startAt: '2030-05-01T23:30:00.000Z', endAt: '2030-05-02T01:45:00.000Z' });
    expect(url).toBe('https://calendar.google.com/calendar/render?action=TEMPLATE&text=Cuban%20Night%20%26%20Rum'
      + '&dates=20300501T233000Z/20300502T014500Z&details=Aged%20Habanos&location=The%20Humidor%20Room%2C%201%20Ocean%20Drive%2C%20Miami');
  });

  it('ends two hours after the start when the event has no end', () => {
    const url = new URL(googleCalendarUrl({ ...base, description: null, venueName: null, startAt: '2030-12-31T23:00:00+00:00', endAt: null }));
    expect(url.searchParams.get('dates')).toBe('20301231T230000Z/20310101T010000Z');
    expect(url.searchParams.get('details')).toBe('');
    expect(url.searchParams.get('location')).toBe('1 Ocean Drive, Miami');
    expect(googleDate(new Date('2030-01-02T03:04:05.678Z'))).toBe('20300102T030405Z');
  });
});

describe('datetime-local values', () => {
  it('become ISO instants with the local offset, and back', () => {
    expect(fromLocalInput('2030-05-01T19:30')).toBe(new Date('2030-05-01T19:30').toISOString());
    expect(toLocalInput(fromLocalInput('2030-05-01T19:30'))).toBe('2030-05-01T19:30');
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('nonsense')).toBe('nonsense');
    expect(toLocalInput(null)).toBe('');
  });
});
