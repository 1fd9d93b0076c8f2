import { describe, expect, it } from 'vitest';
import { ageProblem } from './age';

const noon = (d: string) => new Date(`${d}T12:00:00Z`);

describe('age gate rule', () => {
  it('lets a US visitor in on their 21st birthday, not the day before', () => {
    expect(ageProblem('2005-11-23', 'US', noon('2026-11-23'))).toBeNull();
    expect(ageProblem('2005-11-24', 'US', noon('2026-11-23'))).toBe('You must be at least 21 years old to access this platform in United States');
  });
  it('uses 18 for the other countries', () => {
    expect(ageProblem('2008-11-23', 'GB', noon('2026-11-23'))).toBeNull();
    expect(ageProblem('2008-11-24', 'DE', noon('2026-11-23'))).toBe('You must be at least 18 years old to access this platform in Germany');
  });
  it('asks for both fields', () => {
    expect(ageProblem('', 'US')).toBe('Please complete all required fields');
    expect(ageProblem('1990-01-01', '')).toBe('Please complete all required fields');
  });
  it('refuses dates that do not exist or lie in the future', () => {
    expect(ageProblem('1990-02-30', 'US', noon('2026-11-23'))).toBe('Please enter a valid date of birth');
    expect(ageProblem('2030-01-01', 'US', noon('2026-11-23'))).toBe('Date of birth cannot be in the future');
    expect(ageProblem('1899-12-31', 'US', noon('2026-11-23'))).toBe('Please enter a real date of birth');
  });
});
