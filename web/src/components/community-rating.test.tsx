import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n';
import { CommunityRating } from './community-rating';

describe('CommunityRating in each language', () => {
  afterEach(() => activateLanguage('en', { remember: false }));

  it('says one review and several reviews, and the rating, as each language does, redrawn when it changes', async () => {
    const { rerender } = render(<CommunityRating averageRating={90} reviewCount={1} />);
    expect(screen.getByText('(1 review)')).toBeTruthy();
    rerender(<CommunityRating averageRating={90} reviewCount={1234} />);
    expect(screen.getByText('(1,234 reviews)')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Rated 4.5 out of 5');

    await act(() => activateLanguage('de', { remember: false }));
    expect(screen.getByText('(1.234 Bewertungen)')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/4,5/);
    rerender(<CommunityRating averageRating={90} reviewCount={1} />);
    expect(screen.getByText('(1 Bewertung)')).toBeTruthy();

    await act(() => activateLanguage('fr', { remember: false }));
    expect(screen.getByText('(1 avis)')).toBeTruthy();
    rerender(<CommunityRating averageRating={90} reviewCount={2} />);
    expect(screen.getByText('(2 avis)')).toBeTruthy();
  });
});
