import { PROFILE_PICTURE_MAX_BYTES } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall } from '@/lib/api-client';
import { UPLOAD_MESSAGES, uploadImage, validateImage } from './upload-image';

vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiCall: vi.fn(),
}));
const mockedApiCall = vi.mocked(apiCall);

const OBJECT_PATH = 'incoming/u1/abcdefghijklmnop';
const UPLOAD_URL = 'http://localhost:9000/torcedor-uploads';
const FIELDS = { key: OBJECT_PATH, 'Content-Type': 'image/png', Policy: 'cG9saWN5', 'X-Amz-Signature': 'x' };

/** A stand-in XMLHttpRequest: records what is sent and answers with `status` after reporting progress. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  static status = 200;
  static fail: 'network' | 'abort' | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = true;
  status = 0;
  body: unknown;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
    queueMicrotask(() => {
      if (FakeXhr.fail === 'network') return this.onerror?.();
      if (FakeXhr.fail === 'abort') return this.onabort?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      this.status = FakeXhr.status;
      this.onload?.();
    });
  }
}

const file = (size: number, type = 'image/png', name = 'me.png') => {
  const f = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeEach(() => {
  FakeXhr.instances = [];
  FakeXhr.status = 200;
  FakeXhr.fail = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  mockedApiCall.mockReset();
  mockedApiCall.mockResolvedValue({ url: UPLOAD_URL, fields: FIELDS, objectPath: OBJECT_PATH } as never);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadImage', () => {
  it("asks for a presigned POST with the file type, POSTs a form of the ticket's fields then the file, without credentials, and reports progress", async () => {
    const progress = vi.fn();
    const f = file(1000);
    await expect(uploadImage(f, progress)).resolves.toEqual({ objectPath: OBJECT_PATH });
    expect(mockedApiCall).toHaveBeenCalledWith(routes.createUpload, { body: { contentType: 'image/png' } });
    const [xhr] = FakeXhr.instances;
    // The browser writes the multipart Content-Type (with its boundary) itself.
    expect(xhr).toMatchObject({ method: 'POST', url: UPLOAD_URL, withCredentials: false, headers: {} });
    expect(xhr!.body).toBeInstanceOf(FormData);
    const form = [...(xhr!.body as FormData).entries()];
    expect(form.map(([k]) => k)).toEqual([...Object.keys(FIELDS), 'file']);
    expect(Object.fromEntries(form.slice(0, -1))).toEqual(FIELDS);
    expect((form.at(-1)![1] as File).size).toBe(f.size);
    expect(progress.mock.calls.map(([n]) => n as number)).toEqual([0, 0.5, 1]);
  });

  it("shows the server's message when the hourly upload limit is reached, and sends nothing", async () => {
    const message = 'You have uploaded a lot of pictures in the last hour. Please try again later.';
    mockedApiCall.mockRejectedValue(new ApiError(429, `429: ${message}`, { message, code: 'UPLOAD_LIMIT' }));
    await expect(uploadImage(file(100))).rejects.toThrow(message);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('refuses a file over 5 MB and a non-image before calling anything', async () => {
    await expect(uploadImage(file(PROFILE_PICTURE_MAX_BYTES + 1))).rejects.toThrow('Max file size: 5MB');
    await expect(uploadImage(file(100, 'image/gif', 'a.gif'))).rejects.toThrow(UPLOAD_MESSAGES.type);
    await expect(uploadImage(file(100, 'application/pdf', 'a.pdf'))).rejects.toThrow(UPLOAD_MESSAGES.type);
    expect(mockedApiCall).not.toHaveBeenCalled();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('accepts exactly 5 MB', () => {
    expect(validateImage(file(PROFILE_PICTURE_MAX_BYTES, 'image/jpeg', 'a.jpg'))).toBeNull();
  });

  it("rejects with the server's message when the ticket is refused", async () => {
    mockedApiCall.mockRejectedValue(new ApiError(400, '400: ...', { message: 'Bad', code: 'VALIDATION', issues: [{ path: ['contentType'], message: 'Only JPEG' }] }));
    await expect(uploadImage(file(100))).rejects.toThrow('Only JPEG');
    mockedApiCall.mockRejectedValue(new Error('boom'));
    await expect(uploadImage(file(100))).rejects.toThrow(UPLOAD_MESSAGES.ticket);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('rejects with a useful message when the POST fails', async () => {
    FakeXhr.status = 500;
    await expect(uploadImage(file(100))).rejects.toThrow('Upload failed (500)');
    FakeXhr.fail = 'network';
    await expect(uploadImage(file(100))).rejects.toThrow(UPLOAD_MESSAGES.network);
  });

  it("asks for a fresh URL once when storage says the first has expired, then says 'Request has expired'", async () => {
    FakeXhr.status = 403;
    await expect(uploadImage(file(100))).rejects.toThrow(UPLOAD_MESSAGES.expired);
    expect(FakeXhr.instances).toHaveLength(2);
    expect(mockedApiCall).toHaveBeenCalledTimes(2);
  });

  it("says 'Authorization required' when the session has ended", async () => {
    mockedApiCall.mockRejectedValue(new ApiError(401, '401: Unauthorized', { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await expect(uploadImage(file(100))).rejects.toThrow('Authorization required');
  });
});
