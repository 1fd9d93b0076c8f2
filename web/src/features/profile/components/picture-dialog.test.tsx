import { PROFILE_PICTURE_MAX_BYTES } from '@torcedor/shared/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadImage } from '@/lib/api/upload-image';
import { currentUserQuery } from '@/lib/current-user';
import { ProfilePage } from './profile-page';
import { json, me, renderWithApp, stubApi } from './test-utils';

vi.mock('@/lib/api/upload-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/upload-image')>()),
  uploadImage: vi.fn(),
}));
const mockedUpload = vi.mocked(uploadImage);

const OBJECT_PATH = 'uploads/u1/abcdefghijklmnop';
const NOTE = 'Choose a photo or take one with your camera. Max file size: 5MB.';

const image = (size: number, name = 'me.jpg', type = 'image/jpeg') => {
  const f = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

it("the note's size is the server's limit", () => {
  expect(NOTE).toContain(`${PROFILE_PICTURE_MAX_BYTES / (1024 * 1024)}MB`);
});

async function openDialog() {
  const u = userEvent.setup();
  const app = renderWithApp(() => <ProfilePage tab="collection" />);
  await u.click(await screen.findByRole('button', { name: 'Change profile picture' }));
  const dialog = await screen.findByRole('dialog');
  return { u, dialog, ...app };
}

beforeEach(() => {
  mockedUpload.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('profile picture dialog', () => {
  it('shows the note, and Upload waits for a file', async () => {
    stubApi({});
    const { dialog } = await openDialog();
    expect(dialog.textContent).toContain(NOTE);
    expect(screen.getByText(NOTE)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    const input = screen.getByLabelText('Choose a photo') as HTMLInputElement;
    expect(input.multiple).toBe(false);
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
  });

  it('refuses a 6 MB file inline and uploads nothing', async () => {
    const fetch = stubApi({});
    const { u } = await openDialog();
    await u.upload(screen.getByLabelText('Choose a photo'), image(6 * 1024 * 1024));
    expect((await screen.findByRole('alert')).textContent).toContain('Max file size: 5MB');
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect(mockedUpload).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads only on Upload, shows progress, registers the picture, toasts, closes and reads the member again', async () => {
    let finish: () => void = () => {};
    mockedUpload.mockImplementation((_file, onProgress) => {
      onProgress?.(0.4);
      return new Promise((resolve) => { finish = () => resolve({ objectPath: OBJECT_PATH }); });
    });
    const fetch = stubApi({
      'PUT /api/profile/picture': () => json({ objectPath: OBJECT_PATH, profileImageUrl: `/${OBJECT_PATH}` }),
      'GET /api/auth/user': { ...me, profileImageUrl: `/${OBJECT_PATH}` },
    });
    const { u, client } = await openDialog();
    const file = image(PROFILE_PICTURE_MAX_BYTES);
    await u.upload(screen.getByLabelText('Choose a photo'), file);
    expect(screen.getByText('me.jpg')).toBeTruthy();
    expect(mockedUpload).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(mockedUpload).toHaveBeenCalledWith(file, expect.any(Function));
    finish();
    expect((await screen.findByTestId('toast')).textContent).toContain('Profile picture updated successfully!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ imageUrl: OBJECT_PATH });
    await waitFor(() => expect(client.getQueryData(currentUserQuery.queryKey)).toMatchObject({ profileImageUrl: `/${OBJECT_PATH}` }));
  });

  it('a failed upload toasts Upload Failed with its message and keeps the dialog open', async () => {
    mockedUpload.mockRejectedValue(new Error('Upload failed (403)'));
    stubApi({});
    const { u } = await openDialog();
    await u.upload(screen.getByLabelText('Choose a photo'), image(1000, 'a.png', 'image/png'));
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    const t = await screen.findByTestId('toast');
    expect(t.textContent).toContain('Upload Failed');
    expect(t.textContent).toContain('Upload failed (403)');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('a refused registration toasts the fallback text when the server says nothing', async () => {
    mockedUpload.mockResolvedValue({ objectPath: OBJECT_PATH });
    stubApi({ 'PUT /api/profile/picture': () => new Response('', { status: 500 }) });
    const { u } = await openDialog();
    await u.upload(screen.getByLabelText('Choose a photo'), image(1000));
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    const t = await screen.findByTestId('toast');
    expect(t.textContent).toContain('Upload Failed');
    expect(t.textContent).toContain('Failed to update profile picture');
  });

  it('says so inline when the camera is refused', async () => {
    stubApi({});
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const { u } = await openDialog();
    await u.click(screen.getByRole('button', { name: 'Use camera' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Camera access was denied');
  });

  it('stops the camera when the dialog closes', async () => {
    stubApi({});
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn().mockResolvedValue(stream) } });
    const { u } = await openDialog();
    await u.click(screen.getByRole('button', { name: 'Use camera' }));
    expect(await screen.findByRole('button', { name: 'Take photo' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stop).toHaveBeenCalled();
  });

  it('takes a photo from the camera as a JPEG file, stops the camera, and waits for Upload', async () => {
    stubApi({});
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn().mockResolvedValue(stream) } });
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb, type) => cb(new Blob(['jpeg'], { type: type ?? '' })));
    const { u } = await openDialog();
    await u.click(screen.getByRole('button', { name: 'Use camera' }));
    const take = await screen.findByRole('button', { name: 'Take photo' });
    expect((take as HTMLButtonElement).disabled).toBe(true);
    fireEvent.loadedMetadata(screen.getByLabelText('Camera preview'));
    await u.click(take);
    expect(drawImage).toHaveBeenCalled();
    expect(await screen.findByText(/^camera-\d+\.jpg$/)).toBeTruthy();
    expect(stop).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Take photo' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false);
    expect(mockedUpload).not.toHaveBeenCalled();
  });
});
