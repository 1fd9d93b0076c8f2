import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '@torcedor/shared/constants';

/** Unsubscribe links (../../README.md, "Unsubscribe"): what a link's kind turns off, and the one-click POST's body. */

/** The member setting a kind of email is governed by (one of the notification switches or marketing emails). */
export type UnsubscribeSetting = (typeof UNSUBSCRIBE_KINDS)[UnsubscribeKind];
export const settingOf = (kind: UnsubscribeKind): UnsubscribeSetting => UNSUBSCRIBE_KINDS[kind];

/** What a one-click POST must say (RFC 8058): `List-Unsubscribe=One-Click`. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';
export const NOT_ONE_CLICK_MESSAGE = `A one-click unsubscribe posts ${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}.`;

/**
 * Whether a POST's body is RFC 8058's one-click request: the field `List-Unsubscribe` with the value `One-Click`,
 * form-encoded (the usual way; also taken without or with another Content-Type, since mail clients differ) or as
 * multipart/form-data (which the RFC allows too). Anything else, an empty body included, is not.
 */
export async function isOneClickPost(rawBody: string, contentType: string | undefined): Promise<boolean> {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    try {
      const form = await new Response(rawBody, { headers: { 'content-type': contentType! } }).formData();
      return form.get(ONE_CLICK_FIELD) === ONE_CLICK_VALUE;
    } catch {
      return false;
    }
  }
  return new URLSearchParams(rawBody.trim()).get(ONE_CLICK_FIELD) === ONE_CLICK_VALUE;
}
