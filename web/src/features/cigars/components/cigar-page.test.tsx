import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cigarQuery } from '../api/get-cigar';
import { cigarReviewsQuery } from '../api/get-cigar-reviews';
import { CigarPage } from './cigar-page';
import { cigar, newClient, renderWithRouter, review } from './test-fixtures';
import type { Cigar } from '@torcedor/shared/schemas/catalog';

function renderPage(c: Cigar = cigar, onReviewOpenChange = vi.fn()) {
  const client = newClient();
  client.setQueryData(cigarQuery(c.id).queryKey, c);
  client.setQueryData(cigarReviewsQuery(c.id).queryKey, c.reviewCount ? [review()] : []);
  renderWithRouter(<CigarPage id={c.id} reviewOpen={false} onReviewOpenChange={onReviewOpenChange} />, client);
  return { onReviewOpenChange };
}

describe('cigar page', () => {
  it('shows the cigar, its rating as stars with the number, and the review count beside it', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: cigar.name })).toBeTruthy();
    expect(screen.getByText('Medium-Full')).toBeTruthy();
    expect(screen.getByText('Nicaraguan Maduro')).toBeTruthy();
    expect(screen.getByText('Nicaragua · Robusto · 5.5" × 50')).toBeTruthy();
    const stars = screen.getAllByRole('img', { name: 'Rated 4.3 out of 5' })[0]!;
    const rating = stars.closest('p')!;
    expect(rating.textContent).toBe('4.3(7 reviews)');
    expect(within(rating).getByText('(7 reviews)')).toBeTruthy();
  });

  it('says \u2018No reviews yet\u2019 before the first review', async () => {
    renderPage({ ...cigar, averageRating: null, reviewCount: 0 });
    expect(await screen.findAllByText('No reviews yet')).toHaveLength(2);
    expect(screen.queryByText(/\(0 reviews\)/)).toBeNull();
  });

  it('links Add to Humidor to the humidor\u2019s Add dialog, and opens the review form from Write a Review', async () => {
    const { onReviewOpenChange } = renderPage();
    const add = await screen.findByRole('link', { name: 'Add to Humidor' });
    expect(add.getAttribute('href')).toBe(`/humidor?add=${cigar.id}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Write a Review' }));
    expect(onReviewOpenChange).toHaveBeenCalledWith(true);
  });
});
