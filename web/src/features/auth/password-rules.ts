import { t } from '@lingui/core/macro';
import { PASSWORD_MIN_LENGTH } from '@torcedor/shared/schemas/identity';
import { formatNumber } from '@/lib/numbers';

/**
 * The password rules (the shared `Password` schema's), as the sign-up and the password reset show them under the field,
 * in the app's language at the moment it is called (while rendering).
 */
export function passwordRules(): string {
  const min = formatNumber(PASSWORD_MIN_LENGTH);
  return t`At least ${min} characters, with an uppercase letter, a lowercase letter and a number.`;
}
