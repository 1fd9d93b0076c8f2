import { PASSWORD_MIN_LENGTH } from '@torcedor/shared/schemas/identity';

/** The password rules (the shared `Password` schema's), as the sign-up and the password reset show them under the field. */
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter and a number.`;
