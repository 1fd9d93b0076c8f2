import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { uploadImage } from '@/lib/api/upload-image';
import { dismissToast } from '@/lib/toast';
import { ReviewDialog } from './review-form';
import { cigar, newClient, review } from './test-fixtures';

vi.mock('@/lib/api/upload-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/upload-image')>()),
  uploadImage: vi.fn(),
}));

function renderForm(onOpenChange = vi.fn()) {
  const client = newClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(<QueryClientProvider client={client}><ReviewDialog cigar={cigar} open onOpenChange={onOpenChange} /><Toaster /></QueryClientProvider>);
  return { onOpenChange, invalidate, form: screen.getByRole('form', { name: 'Write a review' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

// Typing is slow in jsdom on a busy machine: these tests type a lot.
describe('Write a Review (NewReview)', { timeout: 20_000 }, () => {
  it('starts every score at 80 and shows the overall as stars, live', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    const { form } = renderForm();
    for (const label of ['Draw', 'Burn', 'Flavor', 'Overall']) expect(within(form).getByLabelText(label)).toHaveProperty('value', '80');
    expect(within(form).getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeTruthy();
    const overall = within(form).getByLabelText('Overall');
    await user.clear(overall);
    await user.type(overall, '95');
    expect(within(form).getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeTruthy();
    expect((within(form).getByLabelText('Overall slider') as HTMLInputElement).value).toBe('95');
  });

  it('sends exactly cigarId, the four scores, the flavor tags and the notes; then thanks, closes and refreshes', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(review({ userId: 'u1' })), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { form, onOpenChange, invalidate } = renderForm();
    const draw = within(form).getByLabelText('Draw');
    await user.clear(draw);
    await user.type(draw, '70');
    const overall = within(form).getByLabelText('Overall');
    await user.clear(overall);
    await user.type(overall, '92');
    const tags = within(form).getByLabelText('Flavor tags');
    await user.type(tags, '  Dark chocolate {Enter}');
    await user.type(tags, 'cedar{Enter}');
    await user.click(within(form).getByRole('button', { name: '+ Pepper' }));
    await user.click(within(form).getByRole('button', { name: 'Remove cedar' }));
    await user.type(within(form).getByLabelText('Notes'), '  Smooth, <b>even</b> burn.  ');
    expect(within(form).getByText('29 / 2,000 characters')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Post Review' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/reviews$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toStrictEqual({
      cigarId: cigar.id, drawScore: 70, burnScore: 80, flavorScore: 80, overallScore: 92, flavorTags: ['Dark chocolate', 'Pepper'], notes: 'Smooth, <b>even</b> burn.', photos: [],
    });
    expect(await screen.findByText('Review posted')).toBeTruthy();
    expect(screen.getByText('Thank you for sharing your experience.')).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const keys = invalidate.mock.calls.map(([f]) => JSON.stringify(f?.queryKey));
    expect(keys).toEqual(expect.arrayContaining([
      JSON.stringify(['reviews', 'cigar', cigar.id]), JSON.stringify(['catalog', 'cigar', cigar.id]), JSON.stringify(['auth', 'user']),
    ]));
  });

  it('uploads the photos added (a preview each, one removed before posting) and sends their paths with the review', async () => {
    const urls = URL as unknown as { createObjectURL?: (f: Blob) => string; revokeObjectURL?: (u: string) => void };
    urls.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
    urls.revokeObjectURL = vi.fn();
    vi.mocked(uploadImage).mockImplementation(async (f: File) => ({ objectPath: `incoming/u1/${f.name.slice(0, 1)}234567890abcdefgh` }));
    const fetch = vi.fn(async () => new Response(JSON.stringify(review({ userId: 'u1' })), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { form } = renderForm();
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Photo files'), [png('a.png'), png('b.png'), png('c.png')]);
    expect(within(form).getAllByRole('img', { name: /^Photo \d of 3$/ })).toHaveLength(3);
    await user.click(within(form).getByRole('button', { name: 'Remove photo 2' }));
    await user.click(within(form).getByRole('button', { name: 'Post Review' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string).photos).toEqual(['incoming/u1/a234567890abcdefgh', 'incoming/u1/c234567890abcdefgh']);
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });

  it('refuses a score of 101 typed in, inline, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { form } = renderForm();
    const burn = within(form).getByLabelText('Burn');
    await user.clear(burn);
    await user.type(burn, '101');
    await user.tab();
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Scores are from 0 to 100');
    expect(burn.getAttribute('aria-invalid')).toBe('true');
    expect(burn.getAttribute('aria-describedby')).toBe(alert.id);
    await user.click(within(form).getByRole('button', { name: 'Post Review' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a blank or fractional score, and a 13th flavor tag', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { form } = renderForm();
    await user.clear(within(form).getByLabelText('Draw'));
    const flavor = within(form).getByLabelText('Flavor');
    await user.clear(flavor);
    await user.type(flavor, '85.5');
    await user.click(within(form).getByRole('button', { name: 'Post Review' }));
    expect(await within(form).findByText('Scores are from 0 to 100')).toBeTruthy();
    expect(within(form).getByText('Scores are whole numbers')).toBeTruthy();
    const tags = within(form).getByLabelText('Flavor tags');
    for (let i = 1; i <= 12; i++) await user.type(tags, `T${i}{Enter}`);
    expect(within(form).getByText('12/12 tags')).toBeTruthy();
    expect(tags).toHaveProperty('disabled', true);
    expect(within(form).getByRole('button', { name: '+ Cedar' })).toHaveProperty('disabled', true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server\u2019s message when posting fails, and stays open', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'No such cigar in the catalog', code: 'UNKNOWN_CIGAR' }), { status: 400 })));
    const user = userEvent.setup();
    const { form, onOpenChange } = renderForm();
    await user.click(within(form).getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('No such cigar in the catalog')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('falls back to \u2018Failed to post review\u2019 when the server says nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    const user = userEvent.setup();
    const { form } = renderForm();
    await user.click(within(form).getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText('Failed to post review')).toBeTruthy();
  });
});
