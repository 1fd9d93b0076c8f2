import { badRequest } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { readUnsubscribeToken } from '@torcedor/service-kit/mail-links';
import { INVALID_UNSUBSCRIBE_MESSAGE } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import { isOneClickPost, NOT_ONE_CLICK_MESSAGE, settingOf } from '../domain/unsubscribe.ts';
import { switchSettingOff } from '../store/users.ts';

/**
 * Unsubscribe links (../../README.md, "Unsubscribe"), public: the signed token names the member and the kind of email,
 * whose setting goes off at once. A changed or foreign token is 400; an account that is gone, or a setting off
 * already, is the same 200 as a change (nothing to change, nothing told).
 */
async function unsubscribeWith(token: string) {
  const link = await readUnsubscribeToken(token);
  if (!link) throw badRequest(INVALID_UNSUBSCRIBE_MESSAGE);
  await switchSettingOff(link.userId, settingOf(link.kind));
  return { ok: true as const, kind: link.kind };
}

/** The /unsubscribe page's POST, after the member confirmed. */
export const unsubscribe: RouteHandler<Routes['unsubscribe']> = async ({ body }) => unsubscribeWith(body.token);

/** RFC 8058: the mail client's POST of `List-Unsubscribe=One-Click` to the email's List-Unsubscribe link; another body is 400. */
export const unsubscribeOneClick: RouteHandler<Routes['unsubscribeOneClick']> = async ({ query, rawBody, event }) => {
  if (!(await isOneClickPost(rawBody, event.headers['content-type']))) throw badRequest(NOT_ONE_CLICK_MESSAGE);
  return unsubscribeWith(query.token);
};
