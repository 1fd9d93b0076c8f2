import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { ReviewList } from './review-list';
import { me, renderWithRouter, review } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('reviews list', () => {
  it('renders notes as plain text, never as HTML', async () => {
    const notes = '<script>window.hacked = true</script><img src=x onerror="alert(1)"> Earthy.';
    const { container } = renderWithRouter(<ReviewList reviews={[review({ notes })]} meId={me.id} />);
    expect(await screen.findByText(notes)).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('shows a review\u2019s photos as thumbnails, each opening a larger view that the arrow keys move through', async () => {
    const user = userEvent.setup();
    renderWithRouter(<ReviewList reviews={[review({ photos: ['/uploads/u2/one', '/uploads/u2/two'] })]} meId={me.id} />);
    const subject = 'Padrón 1964 Anniversary Exclusivo, reviewed by Beto Cruz';
    const photos = await screen.findByRole('list', { name: `Photos of ${subject}` });
    const thumbs = within(photos).getAllByRole('button');
    expect(thumbs.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual(['/uploads/u2/one', '/uploads/u2/two']);
    await user.click(within(photos).getByRole('button', { name: `Photo 1 of 2 of ${subject}` }));
    const dialog = await screen.findByRole('dialog', { name: subject });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/uploads/u2/one');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img', { name: `Photo 2 of 2 of ${subject}` }).getAttribute('src')).toBe('/uploads/u2/two');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the reviewer (linking to their profile), the four scores out of 100, the overall as stars and the tags', async () => {
    renderWithRouter(<ReviewList reviews={[review()]} meId={me.id} />);
    const link = await screen.findByRole('link', { name: 'Beto Cruz' });
    expect(link.getAttribute('href')).toBe('/profile/u2');
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
    const scores = Object.fromEntries([...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(scores).toEqual({ Draw: '90/100', Burn: '85/100', Flavor: '88/100', Overall: '87/100' });
    const tags = screen.getByRole('list', { name: 'Flavor tags' });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Cocoa', 'Coffee']);
  });

  it('keeps the order given (newest first), and offers Report on others\u2019 reviews, Delete on one\u2019s own', async () => {
    renderWithRouter(<ReviewList reviews={[review({ id: 'r2', userId: me.id, userName: 'Ana Reyes' }), review()]} meId={me.id} />);
    const items = within(await screen.findByRole('list', { name: 'Reviews' })).getAllByRole('listitem').filter((li) => li.parentElement?.getAttribute('aria-label') === 'Reviews');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Ana Reyes' })).toBeTruthy();
    expect(within(items[0]!).getByRole('button', { name: 'Delete your review' })).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: 'Report this review' })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Report this review' })).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: 'Delete your review' })).toBeNull();
  });

  it('deletes one\u2019s own review after confirming', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderWithRouter(<ReviewList reviews={[review({ id: 'r9', userId: me.id })]} meId={me.id} />);
    await user.click(await screen.findByRole('button', { name: 'Delete your review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this review?' });
    expect(fetch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/reviews\/r9$/);
    expect(init.method).toBe('DELETE');
    expect(await screen.findByText('Review deleted')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    renderWithRouter(<ReviewList reviews={[]} meId={me.id} />);
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
  });
});
