import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, type FormEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { uploadImage } from '@/lib/api/upload-image';
import { dismissToast } from '@/lib/toast';
import { PhotoPicker, usePhotoPicker } from './photo-picker';

vi.mock('@/lib/api/upload-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/upload-image')>()),
  uploadImage: vi.fn(),
}));
const mockedUpload = vi.mocked(uploadImage);

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/**
 * The picker in a form that sends its photos' paths with a request, as the review and humidor forms do; the request
 * answers the paths it got, or is refused once after 'Refuse the next send'. `edit`: sent only when they changed.
 */
function Harness({ initial, onPaths, edit = false }: { initial?: string[]; onPaths: (paths: string[] | undefined | Error) => void; edit?: boolean }) {
  const picker = usePhotoPicker(initial);
  const refuse = useRef(false);
  const request = async (paths: string[] | undefined) => {
    if (!refuse.current) return paths;
    refuse.current = false;
    throw new Error('refused');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    (edit ? picker.send(request, { onlyIfChanged: true }) : picker.send(request)).then(onPaths, onPaths);
  };
  return (
    <form aria-label="Harness" onSubmit={submit}>
      <PhotoPicker picker={picker} />
      <p>{picker.changed ? 'changed' : 'unchanged'}</p>
      <button type="button" onClick={() => { refuse.current = true; }}>Refuse the next send</button>
      <button type="submit">Send</button>
    </form>
  );
}

const urls = URL as unknown as { createObjectURL?: (f: Blob) => string; revokeObjectURL?: (u: string) => void };
let n = 0;
beforeEach(() => {
  n = 0;
  urls.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  urls.revokeObjectURL = vi.fn();
  mockedUpload.mockReset();
  mockedUpload.mockImplementation(async (file: File, onProgress?: (f: number) => void) => {
    onProgress?.(0.5);
    return { objectPath: `incoming/u1/${file.name.replace(/\W/g, '')}xxxxxxxxxxxxxxxx` };
  });
});
afterEach(() => {
  delete urls.createObjectURL;
  delete urls.revokeObjectURL;
  dismissToast();
});

describe('PhotoPicker', () => {
  it('previews the chosen photos, lets one be removed, and uploads the rest in order', async () => {
    const user = userEvent.setup();
    const onPaths = vi.fn();
    render(<Harness onPaths={onPaths} />);
    await user.upload(screen.getByLabelText('Photo files'), [png('a.png'), png('b.png'), png('c.png')]);
    const chosen = screen.getByRole('list', { name: 'Chosen photos' });
    expect(within(chosen).getAllByRole('img').map((i) => i.getAttribute('src'))).toEqual(['blob:preview-1', 'blob:preview-2', 'blob:preview-3']);
    expect(screen.getByText(/^3\/4 photos/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onPaths).toHaveBeenCalledWith(['incoming/u1/apngxxxxxxxxxxxxxxxx', 'incoming/u1/cpngxxxxxxxxxxxxxxxx']));
    expect(mockedUpload.mock.calls.map(([f]) => f.name)).toEqual(['a.png', 'c.png']);
  });

  it('keeps at most 4 and says so; refuses a file that is not a picture', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<><Harness onPaths={vi.fn()} /><Toaster /></>);
    await user.upload(screen.getByLabelText('Photo files'), [png('1.png'), png('2.png'), png('3.png'), png('4.png'), png('5.png')]);
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('img')).toHaveLength(4);
    expect(await screen.findByText('At most 4 photos')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Add photos/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.upload(screen.getByLabelText('Photo files'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Only JPEG, PNG or WebP images can be uploaded')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('img')).toHaveLength(3);
  });

  it('sends a kept photo by its object path, and does not upload again what a failed try uploaded', async () => {
    const user = userEvent.setup();
    const onPaths = vi.fn();
    render(<Harness initial={['/uploads/u1/kept']} onPaths={onPaths} />);
    expect(screen.getByText('unchanged')).toBeTruthy();
    await user.upload(screen.getByLabelText('Photo files'), [png('a.png'), png('b.png')]);
    expect(screen.getByText('changed')).toBeTruthy();
    mockedUpload.mockImplementationOnce(async () => ({ objectPath: 'incoming/u1/aaaaaaaaaaaaaaaaaaaa' }));
    mockedUpload.mockImplementationOnce(async () => { throw new Error('Upload failed: network error'); });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onPaths).toHaveBeenCalledWith(new Error('Upload failed: network error')));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onPaths).toHaveBeenLastCalledWith(['uploads/u1/kept', 'incoming/u1/aaaaaaaaaaaaaaaaaaaa', 'incoming/u1/bpngxxxxxxxxxxxxxxxx']));
    expect(mockedUpload.mock.calls.map(([f]) => f.name)).toEqual(['a.png', 'b.png', 'b.png']);
    // The server refused the request that carried them: they may be gone, so the next try uploads them again.
    await user.click(screen.getByRole('button', { name: 'Refuse the next send' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onPaths).toHaveBeenLastCalledWith(new Error('refused')));
    expect(mockedUpload).toHaveBeenCalledTimes(3);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(mockedUpload).toHaveBeenCalledTimes(5));
    expect(mockedUpload.mock.calls.slice(3).map(([f]) => f.name)).toEqual(['a.png', 'b.png']);
  });

  it('an edit whose photos are as they were sends none and uploads nothing', async () => {
    const user = userEvent.setup();
    const onPaths = vi.fn();
    render(<Harness initial={['/uploads/u1/kept']} onPaths={onPaths} edit />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onPaths).toHaveBeenCalledWith(undefined));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onPaths).toHaveBeenLastCalledWith([]));
    expect(mockedUpload).not.toHaveBeenCalled();
  });
});
