import * as z from 'zod';
import { Attribution } from './attribution.ts';
import { Strength } from './humidor.ts';
import { plainText } from './text.ts';
import { BIO_MAX_LENGTH, COUNTRY_CODES, DELETE_CONFIRMATION, LANGUAGES, PASSWORD_MIN_LENGTH, EMAIL_CODES, UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '../constants.ts';

export const ProfileVisibility = z.enum(['public', 'followers', 'private']);
export const DirectMessages = z.enum(['everyone', 'followers', 'none']);
export const Language = z.enum(LANGUAGES);
export const ContentFilter = z.enum(['minimal', 'standard', 'strict']);

export const PrivacySettings = z.strictObject({
  profileVisibility: ProfileVisibility,
  allowFollowRequests: z.boolean(),
  showLocationInProfile: z.boolean(),
  allowDirectMessages: DirectMessages,
});
export const NotificationSettings = z.strictObject({
  emailNotifications: z.boolean(),
  followNotifications: z.boolean(),
  reviewNotifications: z.boolean(),
  eventNotifications: z.boolean(),
  /** New direct messages: live in the page, and in the notification email when unread. */
  messageNotifications: z.boolean(),
  marketingEmails: z.boolean(),
});
export const Preferences = z.strictObject({
  language: Language,
  contentFilter: ContentFilter,
  showMatureContent: z.boolean(),
});
/**
 * What a member likes (the first run's first step, Settings → Preferences): strengths, wrapper families and countries
 * of make. Social ranks the members to follow by them (docs/product.md, "First run"). A wrapper family matches a catalog
 * cigar whose wrapper names it ('Habano' matches 'Ecuadorian Habano Rosado').
 */
export const TASTE_WRAPPERS = ['Connecticut', 'Habano', 'Maduro', 'Corojo', 'Sumatra', 'Cameroon', 'Broadleaf', 'Rosado', 'Cuban'] as const;
export const TASTE_COUNTRIES = ['Cuba', 'Dominican Republic', 'Nicaragua', 'Honduras'] as const;
const distinctList = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max).refine((a) => new Set(a).size === a.length, 'A choice was sent twice');
export const Tastes = z.strictObject({
  strengths: distinctList(Strength, Strength.options.length),
  wrappers: distinctList(z.enum(TASTE_WRAPPERS), TASTE_WRAPPERS.length),
  countries: distinctList(z.enum(TASTE_COUNTRIES), TASTE_COUNTRIES.length),
});
export type Tastes = z.infer<typeof Tastes>;
export const NO_TASTES: Tastes = { strengths: [], wrappers: [], countries: [] };
/** A comma-separated list in a query string (`?strengths=full,medium`) read as a list (empty: none), then checked as `list`. */
const commaList = <T extends z.ZodType>(list: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : (v ?? [])), list);
/**
 * Tastes as a query string (`GET /api/members/suggested`): the page sends the member's own, as identity keeps them, so
 * a choice just saved counts at once.
 */
export const TastesQuery = z.strictObject({
  strengths: commaList(Tastes.shape.strengths),
  wrappers: commaList(Tastes.shape.wrappers),
  countries: commaList(Tastes.shape.countries),
});

/** Settings defaults (docs/product.md, "Validation"). */
export const DEFAULT_SETTINGS = {
  profileVisibility: 'public',
  allowFollowRequests: true,
  showLocationInProfile: true,
  allowDirectMessages: 'everyone',
  emailNotifications: true,
  followNotifications: true,
  reviewNotifications: true,
  eventNotifications: true,
  messageNotifications: true,
  marketingEmails: false,
  language: 'en',
  contentFilter: 'standard',
  showMatureContent: false,
} as const satisfies z.infer<typeof PrivacySettings> & z.infer<typeof NotificationSettings> & z.infer<typeof Preferences>;

export const Entitlement = z.object({
  tier: z.enum(['free', 'trial', 'premium']),
  /** When trial or premium access ends; null for free. */
  until: z.string().nullable(),
});
export type Entitlement = z.infer<typeof Entitlement>;

export const User = z.object({
  id: z.string(),
  email: z.string().nullable(),
  /**
   * Whether the member proved the address is theirs (docs/product.md, "Email"); null for a trial account, which has
   * none. Until it is true the member reads but does not post, comment, review, host or RSVP.
   */
  emailVerified: z.boolean().nullable(),
  /** A new address the member asked for, waiting for its code (the old one stays until then). */
  pendingEmail: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  isOwner: z.boolean(),
  isSubscribed: z.boolean(),
  isTrial: z.boolean(),
  trialEndsAt: z.string().nullable(),
  followingCount: z.number().int(),
  followersCount: z.number().int(),
  reviewsCount: z.number().int(),
  humidorCount: z.number().int(),
  wishlistCount: z.number().int(),
  ...PrivacySettings.shape,
  ...NotificationSettings.shape,
  ...Preferences.shape,
  /** What the member likes (Tastes); none chosen: empty lists. */
  tastes: Tastes,
  /**
   * When the member finished or skipped the first run (sign-up's three steps); null while it waits. Members from
   * before the first run count as done at their sign-up.
   */
  onboardedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

export const ProfileUpdate = z.strictObject({
  displayName: plainText().trim().max(80).nullable(),
  bio: plainText('multiline').max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`).nullable(),
  location: plainText().trim().max(120).nullable(),
});

/** Password policy of the user pool (CDK sets the same): each failed rule is named. */
export { PASSWORD_MIN_LENGTH };
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters')
  .regex(/[a-z]/, 'Password must contain a lowercase letter')
  .regex(/[A-Z]/, 'Password must contain an uppercase letter')
  .regex(/[0-9]/, 'Password must contain a number');

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

export const Country = z.enum(COUNTRY_CODES, { message: 'Please choose one of the listed countries' });
export const DateOfBirth = z.iso.date({ message: 'Date of birth must be a valid date (YYYY-MM-DD)' });
const Name = (what: string) => plainText().trim().min(1, `${what} is required`).max(50, `${what} must be at most 50 characters`);

export const SignupBody = z.strictObject({
  email: Email,
  password: Password,
  firstName: Name('First name'),
  lastName: Name('Last name'),
  dateOfBirth: DateOfBirth,
  country: Country,
  /** Where the visitor came from (the landing page's UTM parameters and referrer): the lead's source. */
  attribution: Attribution.optional(),
});
export const LoginBody = z.strictObject({
  email: Email,
  password: z.string().min(1, 'Password is required').max(256),
});
/** An emailed code: exactly the digits sent. */
export const EmailCode = z.string().trim().regex(new RegExp(`^\\d{${EMAIL_CODES.digits}}$`), `Enter the ${EMAIL_CODES.digits}-digit code from the email`);
export const VerifyEmailBody = z.strictObject({ code: EmailCode });
export const ForgotPasswordBody = z.strictObject({ email: Email });
export const ResetPasswordBody = z.strictObject({ email: Email, code: EmailCode, password: Password });
export const ChangeEmailBody = z.strictObject({ email: Email, password: z.string().min(1, 'Password is required').max(256) });
/** A signed unsubscribe link's token (services/kit/src/mail-links.ts), as the email's link and the /unsubscribe page carry it. */
export const UnsubscribeToken = z.string().trim().min(10, 'The link is incomplete').max(512, 'The link is too long').regex(/^[A-Za-z0-9_.-]+$/, 'The link is not valid');
export const UnsubscribeBody = z.strictObject({ token: UnsubscribeToken });
export const UnsubscribeQuery = z.strictObject({ token: UnsubscribeToken });
export const UnsubscribeResult = z.object({
  ok: z.literal(true),
  kind: z.enum(Object.keys(UNSUBSCRIBE_KINDS) as [UnsubscribeKind, ...UnsubscribeKind[]]),
});
/** What a request that sends an email answers (202): the same whether or not an account exists. */
export const EmailSent = z.object({ ok: z.literal(true) });
export const TrialBody = z.strictObject({ dateOfBirth: DateOfBirth, country: Country, attribution: Attribution.optional() });
/** A new member, signed in at once (the session cookies come with it): their id and the member. */
export const SignupResult = z.object({ userId: z.string(), user: User });

/** Deleting the account needs the member to type this word. */
export { DELETE_CONFIRMATION };
/**
 * Deleting the account: the typed confirmation, and the member's password. The password is optional here because
 * a trial member has none they know (the typed confirmation alone is enough for them); the server decides, and
 * refuses a member with a password who did not give the right one (401 INVALID_CREDENTIALS).
 */
export const DeleteAccountBody = z.strictObject({
  confirmation: z.literal(DELETE_CONFIRMATION, { message: `Type ${DELETE_CONFIRMATION} to confirm` }),
  password: z.string().min(1, 'Password is required').max(256, 'Password must be at most 256 characters').optional(),
});
export type ContentFilter = z.infer<typeof ContentFilter>;
