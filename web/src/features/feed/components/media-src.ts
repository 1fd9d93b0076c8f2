import { UPLOADS_PREFIX } from '@torcedor/shared/constants';
import { uploadUrl } from '@torcedor/shared/schemas/social';

/** Where to load an image from: an upload's objectPath (`uploads/...`) is served at `/<objectPath>`; a URL is used as is. */
export const mediaSrc = (url: string) => (url.startsWith(`${UPLOADS_PREFIX}/`) ? uploadUrl(url) : url);
