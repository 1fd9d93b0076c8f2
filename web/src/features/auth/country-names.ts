import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CountryCode } from '@torcedor/shared/constants';

/**
 * The listed countries' names in the app's language (shown with `i18n._(...)`): the age gate's and the forms' country
 * list and the age rule's message. The code sent to the API stays the code.
 */
export const COUNTRY_NAMES: Record<CountryCode, MessageDescriptor> = {
  US: msg`United States`,
  GB: msg`United Kingdom`,
  CA: msg`Canada`,
  DE: msg`Germany`,
  NL: msg`Netherlands`,
};
