import { t } from '@lingui/core/macro';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import { ApiError, apiCall, errorText } from '@/lib/api-client';

const MAX_MB = Math.round(PROFILE_PICTURE_MAX_BYTES / (1024 * 1024));

/**
 * The messages a refused or failed upload rejects with (shown to the member as they are), each in the app's language
 * at the moment it is read (docs/i18n.md).
 */
export const UPLOAD_MESSAGES = {
  get type() { return t`Only JPEG, PNG or WebP images can be uploaded`; },
  get size() { return t`File is too large. Max file size: ${MAX_MB}MB`; },
  get empty() { return t`The file is empty`; },
  get ticket() { return t`Could not start the upload`; },
  get network() { return t`Upload failed: network error`; },
  get aborted() { return t`Upload was cancelled`; },
  status: (status: number) => t`Upload failed (${status})`,
  /** The session ended before the upload could start. */
  get unauthorized() { return t`Authorization required`; },
  /** The presigned POST ran out (it lives 5 minutes) even after a fresh one was asked for. */
  get expired() { return t`Request has expired`; },
};

class UploadRefused extends Error {
  constructor(readonly status: number) {
    super(UPLOAD_MESSAGES.status(status));
  }
}

type ImageType = (typeof PROFILE_PICTURE_TYPES)[number];
const isImageType = (type: string): type is ImageType => (PROFILE_PICTURE_TYPES as readonly string[]).includes(type);

/**
 * The client-side check of an image before it is uploaded: its type and size. Answers the message to show
 * when it is refused, else null. The server checks again (by magic bytes) when the upload is registered.
 */
export function validateImage(file: File): string | null {
  if (!isImageType(file.type)) return UPLOAD_MESSAGES.type;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return UPLOAD_MESSAGES.size;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  return null;
}

/**
 * POSTs the file to a presigned POST as a multipart form (the ticket's fields first, the file last, as S3 requires)
 * with XMLHttpRequest (fetch reports no upload progress), without credentials. The browser sets the form's own
 * Content-Type; the picture's type travels as the `Content-Type` field the policy fixed.
 */
function postFile(ticket: { url: string; fields: Record<string, string> }, file: File, onProgress?: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.url);
    xhr.withCredentials = false;
    if (onProgress) {
      xhr.upload.onprogress = (e: ProgressEvent) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
      };
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(new UploadRefused(xhr.status));
      }
    };
    xhr.onerror = () => reject(new Error(UPLOAD_MESSAGES.network));
    xhr.onabort = () => reject(new Error(UPLOAD_MESSAGES.aborted));
    xhr.ontimeout = () => reject(new Error(UPLOAD_MESSAGES.network));
    xhr.send(form);
  });
}

/**
 * Uploads one image: checks its type and size, asks for a presigned POST (createUpload), then sends the bytes
 * with progress reports (0..1). Answers the object's (incoming) path, to register with the operation that uses it
 * (setProfilePicture, createPost, identifyCigarImage). Rejects with an Error whose message can be shown to the member
 * (the server's own, such as the hourly upload limit, when the ticket is refused).
 */
export async function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<{ objectPath: string }> {
  const refused = validateImage(file);
  if (refused) throw new Error(refused);
  const contentType = file.type as ImageType;
  const ticket = async () => {
    try {
      return await apiCall(routes.createUpload, { body: { contentType } });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) throw new Error(UPLOAD_MESSAGES.unauthorized, { cause: e });
      throw new Error(errorText(e, UPLOAD_MESSAGES.ticket), { cause: e });
    }
  };
  // Storage answers 403 to a presigned POST that has expired (a slow pick, a sleeping laptop): one fresh ticket is
  // asked for and the upload tried again.
  for (let attempt = 0; ; attempt++) {
    const granted = await ticket();
    onProgress?.(0);
    try {
      await postFile(granted, file, onProgress);
      return { objectPath: granted.objectPath };
    } catch (e) {
      if (!(e instanceof UploadRefused) || e.status !== 403) throw e;
      if (attempt >= 1) throw new Error(UPLOAD_MESSAGES.expired, { cause: e });
    }
  }
}
