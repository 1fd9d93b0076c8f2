import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { feedKeys } from '../api/feed-keys';
import { fakeApi, json, makePost, renderWithClient, seedFeed, makeClient } from './feed-test-utils';
import { PostComposer } from './post-composer';

const upload = vi.hoisted(() => ({ uploadImage: vi.fn() }));
vi.mock('@/lib/api/upload-image', async (importOriginal) => ({ ...(await importOriginal<object>()), uploadImage: upload.uploadImage }));

const textbox = () => screen.getByLabelText('What are you smoking?') as HTMLTextAreaElement;
const share = () => screen.getByRole('button', { name: 'Share' }) as HTMLButtonElement;
const toastText = () => screen.getByTestId('toast').textContent;

beforeEach(() => dismissToast());
afterEach(() => {
  vi.unstubAllGlobals();
  upload.uploadImage.mockReset();
});

describe('post composer', () => {
  it('keeps Share disabled while the content is blank or only spaces', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithClient(<PostComposer />);
    expect(share().disabled).toBe(true);
    await user.type(textbox(), '   ');
    expect(share().disabled).toBe(true);
    await user.type(textbox(), 'Padrón');
    expect(share().disabled).toBe(false);
  });

  it('expands on focus with a live counter; Cancel clears and collapses', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithClient(<PostComposer />);
    expect(textbox().rows).toBe(1);
    await user.click(textbox());
    expect(textbox().rows).toBeGreaterThan(1);
    await user.type(textbox(), 'Hello');
    expect(screen.getByText('5/2,000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(textbox().value).toBe('');
    expect(textbox().rows).toBe(1);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('Cmd+Enter shares a text post: success toast, cleared, collapsed, feed refreshed', async () => {
    const fetch = fakeApi({ 'POST /api/posts': ({ body }) => json(makePost({ id: 'new', userId: 'me', content: (body as { content: string }).content }), 201) });
    const user = userEvent.setup();
    const client = makeClient();
    seedFeed(client, [{ items: [], nextCursor: null }]);
    renderWithClient(<PostComposer />, client);
    await user.click(textbox());
    await user.type(textbox(), '  Smoking a Padrón 1964  ');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(toastText()).toContain('Post shared successfully'));
    expect(toastText()).toContain('Success');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/posts$/);
    expect(JSON.parse(init.body as string)).toEqual({ content: 'Smoking a Padrón 1964', postType: 'text' });
    expect(textbox().value).toBe('');
    expect(textbox().rows).toBe(1);
    expect(client.getQueryState(feedKeys.home)?.isInvalidated).toBe(true);
  });

  it('Ctrl+Enter with blank content asks for content and sends nothing', async () => {
    const fetch = fakeApi({});
    const user = userEvent.setup();
    renderWithClient(<PostComposer />);
    await user.click(textbox());
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(toastText()).toContain('Error');
    expect(toastText()).toContain('Please enter some content for your post');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the post failed and keeps the text when the server refuses', async () => {
    fakeApi({ 'POST /api/posts': () => new Response('', { status: 500 }) });
    const user = userEvent.setup();
    renderWithClient(<PostComposer />);
    await user.type(textbox(), 'Hello');
    await user.click(share());
    await waitFor(() => expect(toastText()).toContain('Failed to create post'));
    expect(toastText()).toContain('Error');
    expect(textbox().value).toBe('Hello');
  });

  it('uploads an attached photo with progress, then shares an image post with its objectPath', async () => {
    // jsdom has no object URLs.
    const urls = URL as unknown as Record<string, unknown>;
    urls.createObjectURL = vi.fn(() => 'blob:preview');
    urls.revokeObjectURL = vi.fn();
    const objectPath = 'uploads/me/abcdefghijklmnop1234';
    let finish: () => void = () => {};
    upload.uploadImage.mockImplementation((_file: File, onProgress?: (f: number) => void) => new Promise((resolve) => {
      onProgress?.(0.5);
      finish = () => resolve({ objectPath });
    }));
    const fetch = fakeApi({ 'POST /api/posts': () => json(makePost({ id: 'new', userId: 'me', postType: 'image', imageUrl: `/${objectPath}` }), 201) });
    const user = userEvent.setup();
    renderWithClient(<PostComposer />);
    const file = new File(['x'], 'cigar.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Photo file'), file);
    expect(screen.getByAltText('Preview of the photo to share')).toBeTruthy();
    await user.type(textbox(), 'Look at this wrapper');
    await user.click(share());
    const bar = await screen.findByLabelText('Upload progress');
    expect((bar as HTMLProgressElement).value).toBe(0.5);
    expect((screen.getByRole('button', { name: 'Sharing...' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(toastText()).toContain('Post shared successfully'));
    expect(upload.uploadImage).toHaveBeenCalledWith(file, expect.any(Function));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ content: 'Look at this wrapper', postType: 'image', imageUrl: objectPath });
    expect(screen.queryByAltText('Preview of the photo to share')).toBeNull();
    expect(urls.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });

  it('refuses a file that is not a JPEG, PNG or WebP image', async () => {
    fakeApi({});
    const user = userEvent.setup({ applyAccept: false });
    renderWithClient(<PostComposer />);
    await user.upload(screen.getByLabelText('Photo file'), new File(['x'], 'a.gif', { type: 'image/gif' }));
    expect(toastText()).toContain('Only JPEG, PNG or WebP images can be uploaded');
    expect(screen.queryByAltText('Preview of the photo to share')).toBeNull();
  });
});
