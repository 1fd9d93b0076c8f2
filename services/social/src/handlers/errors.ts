import { forbidden } from '@torcedor/service-kit/errors';
import { EMAIL_UNVERIFIED_MESSAGE } from '@torcedor/shared/constants';

/** Social's errors of its own as the API answers them (docs/api.md). */

/** A post, comment or review by a member whose address is not verified yet (domain/author.ts#mayContribute). */
export const emailUnverified = () => forbidden(EMAIL_UNVERIFIED_MESSAGE, 'EMAIL_UNVERIFIED');
