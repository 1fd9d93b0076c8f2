import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cigarQuery } from '../api/get-cigar';
import { cigarReviewsQuery } from '../api/get-cigar-reviews';
import { CigarPage } from './cigar-page';
import { cigar, newClient, renderWithRouter, review } from './test-fixtures';
import type { Cigar } from '@torcedor/shared/schemas/catalog';
import { collectionKeys } from '@/lib/collection-keys';
import { callsOf, fakeApi, json } from '@/testing/fake-api';

function renderPage(c: Cigar = cigar, onReviewOpenChange = vi.fn(), wishlist: unknown[] = []) {
  const client = newClient();
  client.setQueryData(collectionKeys.wishlist, wishlist);
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

  it('draws the cigar from its catalog fields when it has no photo: an inline svg, no <img> to break', async () => {
    renderPage();
    const drawn = await screen.findByRole('img', { name: `Illustration of ${cigar.brandName} ${cigar.name}` });
    expect(drawn.tagName.toLowerCase()).toBe('svg');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Community photos' })).toBeNull();
  });

  it('puts the first community photo on top, and every one in the Community photos gallery', async () => {
    const photos = ['/uploads/u2/one', '/uploads/u2/two'];
    renderPage({ ...cigar, photos });
    const subject = `${cigar.brandName} ${cigar.name}`;
    // The cover opens the larger view (its count is said by the photo's alt text); the gallery has each photo.
    const [cover] = await screen.findAllByRole('button', { name: `Photo 1 of 2 of ${subject}` });
    expect(cover!.textContent).toBe('2 photos');
    expect(cover!.querySelector('img')?.getAttribute('src')).toBe('/uploads/u2/one');
    expect(screen.queryByRole('img', { name: `Illustration of ${subject}` })).toBeNull();
    const gallery = screen.getByRole('list', { name: `Photos of ${subject}` });
    expect(within(gallery).getAllByRole('img').map((i) => i.getAttribute('src'))).toEqual(photos);
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

  it('has a wishlist button that shows the state: Add to Wishlist, then In Wishlist with Remove', async () => {
    const entry = { id: 'w1', cigarId: cigar.id, brandName: cigar.brandName, cigarName: cigar.name, cigarVitola: cigar.vitola, notes: null, priority: 3, createdAt: '2026-01-01T00:00:00.000Z' };
    let wished: unknown[] = [];
    const fetch = fakeApi({
      'GET /api/wishlist': () => json(wished),
      'POST /api/wishlist': () => { wished = [entry]; return json(entry, 201); },
      'DELETE /api/wishlist/w1': () => { wished = []; return json({ ok: true }); },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Add to Wishlist: ${cigar.brandName} ${cigar.name}` }));
    await waitFor(() => expect(screen.getByText('In Wishlist')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Add to Wishlist/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: `Remove ${cigar.brandName} ${cigar.name} from the wishlist` }));
    expect(await screen.findByRole('button', { name: `Add to Wishlist: ${cigar.brandName} ${cigar.name}` })).toBeTruthy();
    expect(callsOf(fetch).filter((c) => !c.call.startsWith('GET '))).toEqual([
      { call: 'POST /api/wishlist', body: { cigarId: cigar.id, priority: 3, notes: null } },
      { call: 'DELETE /api/wishlist/w1', body: undefined },
    ]);
  });
});
