import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  AI_ABUSE_LIMITS, AI_MESSAGE_MAX_LENGTH, CONTROL_CHARACTERS_MESSAGE, DELETE_CONFIRMATION, IMPORT_MAX_ROWS, PASSWORD_MIN_LENGTH, BAND_TEXT_MAX, BAND_UNREADABLE_MESSAGE, BIO_MAX_LENGTH, CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_EMAIL_BODY_MAX, CAMPAIGN_EMAIL_SUBJECT_MAX, CAMPAIGN_NAME_MAX, COMMENT_MAX_LENGTH, COUNTRIES, DRAFT_BODY_MAX, DRAFT_TITLE_MAX,
  EMAIL_CODES, EMAIL_UNVERIFIED_MESSAGE, EVENT_CAPACITY_MIN, EVENT_DESCRIPTION_MAX_LENGTH, EVENT_TITLE_MAX_LENGTH, FREE_AI_DAILY_LIMIT,
  FREE_HOSTED_EVENTS_LIMIT, FREE_HUMIDOR_CAP, INVALID_CODE_MESSAGE, INVALID_UNSUBSCRIBE_MESSAGE, MESSAGE_LIMITS, MESSAGE_MAX_LENGTH,
  CATALOG_LOADING_MESSAGE, MESSAGES_CLOSED_MESSAGE, PAYMENTS_UNAVAILABLE_MESSAGE, PHOTOS_MAX, POST_MAX_LENGTH, PROFILE_PICTURE_MAX_BYTES, REPORT_REASON_MAX_LENGTH,
  REVIEW_FLAVOR_TAGS_MAX, REVIEW_NOTES_MAX_LENGTH, SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH, TRIAL_DAYS, UNAVAILABLE_MESSAGE,
} from '@torcedor/shared/constants';
import { ERROR_CODES, type ErrorCode } from '@torcedor/shared/errors';
import { thousands } from '@torcedor/shared/formatters';
import { formatDate } from './date-time';
import { i18n, intlLocale } from './i18n';
import { formatNumber } from './numbers';

/**
 * The API's error answers in the app's language (docs/i18n.md, "Server errors"). An answer keeps its `code` and its
 * English `message` (the API contract); the web shows the code's text, and the shared schemas' validation messages,
 * in the member's language. English is shown as the server wrote it.
 *
 * A text's placeholders take the values its English was written with (a limit of shared/src/constants.ts), or the
 * value read out of the server's English message (a waitlist position, an age and a country).
 */

/** A placeholder's value: a number (written as the language writes numbers), a text, or a text made when shown. */
type Value = number | string | (() => string);
type Values = Record<string, Value>;
interface Text {
  descriptor: MessageDescriptor;
  values?: Values;
}

/** Each error code's text, worded as the services word it (the value a placeholder takes is given by codeText). */
const CODE_TEXT: Record<ErrorCode, MessageDescriptor> = {
  VALIDATION: msg`Some of the information is not valid. Please check it and try again.`,
  MALFORMED_JSON: msg`Malformed JSON body`,
  UNEXPECTED_BODY: msg`This request takes no body`,
  UNKNOWN_CIGAR: msg`Unknown cigar`,
  WEAK_PASSWORD: msg({ message: 'This password is too weak. Use at least {min} characters, with a lowercase letter, an uppercase letter and a number.' }),
  FUTURE_DATE: msg`Date of birth cannot be in the future`,
  IMPLAUSIBLE_DATE: msg`Please enter a real date of birth`,
  SELF_FOLLOW: msg`You cannot follow yourself`,
  SELF_MESSAGE: msg`You cannot message yourself`,
  SELF_BLOCK: msg`You cannot block yourself`,
  INVALID_CODE: msg`That code is not valid. Check the latest email we sent, or ask for a new code.`,
  INVALID_UPLOAD: msg`This image could not be used. Please upload it again.`,
  BAD_SIGNATURE: msg`Webhook signature verification failed`,
  UNAUTHORIZED: msg`Unauthorized`,
  INVALID_CREDENTIALS: msg`Invalid email or password`,
  PAYMENT_FAILED: msg`Your payment could not be completed. Please check your card or choose a different payment method.`,
  BAD_ORIGIN: msg`Cross-origin request refused`,
  OWNER_ONLY: msg`This area is restricted to platform administrators.`,
  UNDER_AGE: msg({ message: 'You must be at least {age} years old to access this platform in {country}' }),
  TRIAL_ENDED: msg({ message: 'Your {days}-day trial has ended. Create a free account to keep using Torcedor.' }),
  HUMIDOR_LIMIT: msg({ message: 'Free members can keep up to {limit} cigars in the humidor. Upgrade to Premium for an unlimited humidor.' }),
  FOLLOWS_CLOSED: msg`This member is not accepting new followers`,
  MESSAGES_CLOSED: msg`This member is not accepting messages.`,
  PREMIUM_REQUIRED: msg`This is part of Premium.`,
  HOSTING_LIMIT: msg({ message: 'Free members can host up to {limit} upcoming events. Upgrade to Premium to host more.' }),
  EMAIL_UNVERIFIED: msg`Please verify your email address first: we sent you a code.`,
  NOT_FOUND: msg`Not found`,
  EMAIL_TAKEN: msg`An account with this email already exists`,
  EVENT_FULL: msg({ message: 'This event is full. You are number {position} on the waitlist.' }),
  EVENT_STARTED: msg`This event has already started`,
  ALREADY_SUBSCRIBED: msg`You already have an active Premium subscription.`,
  NOT_SUBSCRIBED: msg`You have no active subscription to cancel.`,
  IDEMPOTENCY_IN_PROGRESS: msg`A request with this Idempotency-Key is still being processed.`,
  AUTOMATION_RUNNING: msg({ message: '{automation} is already running. Try again when this run finishes.' }),
  DRAFT_CLOSED: msg`This draft was already published or discarded.`,
  EMAIL_ALREADY_SENT: msg`This campaign's email is being sent or was sent: it cannot be changed or sent again.`,
  NO_VERIFIED_ADDRESS: msg`Verify your own email address first: the test goes to it.`,
  PAYLOAD_TOO_LARGE: msg({ message: 'Request body must be at most {limit} bytes' }),
  UNSUPPORTED_MEDIA_TYPE: msg`Content-Type must be application/json`,
  IDEMPOTENCY_KEY_REUSED: msg`This Idempotency-Key was already used with a different request.`,
  LOGIN_THROTTLED: msg`Too many failed sign-in attempts. Please wait a few minutes and try again.`,
  SIGNUP_THROTTLED: msg`Too many new accounts from this address. Please try again later.`,
  RATE_LIMITED: msg`Too many requests, please try again shortly`,
  MESSAGE_LIMIT: msg({ message: 'You can send at most {limit} messages an hour. Please try again later.' }),
  AI_DAILY_LIMIT: msg({ message: 'Free users are limited to {limit} AI recommendations per day. Upgrade to Premium for unlimited access!' }),
  UPLOAD_LIMIT: msg`You have uploaded a lot of pictures in the last hour. Please try again later.`,
  INTERNAL: msg`Something went wrong. Please try again.`,
  UNAVAILABLE: msg`Service temporarily unavailable. Please try again.`,
  CATALOG_LOADING: msg`The catalog is still loading, try again in a moment`,
  PAYMENTS_UNAVAILABLE: msg`Premium is not available yet. Please try again later.`,
};

/** A code's text when the value its placeholder needs cannot be read from the server's message. */
const CODE_FALLBACK: Partial<Record<ErrorCode, MessageDescriptor>> = {
  UNDER_AGE: msg`You are not old enough to access this platform in your country.`,
  EVENT_FULL: msg`This event is full.`,
  AUTOMATION_RUNNING: msg`This automation is already running. Try again when this run finishes.`,
  PAYLOAD_TOO_LARGE: msg`The request is too large.`,
};

const AT_MOST_CHARACTERS = msg({ message: 'At most {max} characters' });
const TITLE_REQUIRED = msg`Title is required`;
const PASSWORD_REQUIRED = msg`Password is required`;
const PASSWORD_TOO_LONG = msg`Password must be at most 256 characters`;
const QUANTITY_AT_LEAST_ONE = msg`Quantity must be at least 1`;
const SAME_PHOTO_TWICE = msg`The same photo was sent twice`;
const AT_MOST_PHOTOS = msg({ message: 'At most {max} photos' });
const INVALID_CURSOR = msg`Invalid cursor`;
const SUBJECT_REQUIRED = msg`Subject is required`;

/** A country's name in the app's language ('Deutschland'), from its code. */
function countryName(code: string, english: string): () => string {
  return () => {
    try {
      return new Intl.DisplayNames([intlLocale()], { type: 'region' }).of(code) ?? english;
    } catch {
      return english;
    }
  };
}

/**
 * Every validation message the shared schemas can give (shared/src/schemas, shared/src/age.ts), by its exact
 * English text; error-text.test.ts reads the schemas' source and fails on a message missing here.
 */
function validationTexts(): [string, MessageDescriptor, Values?][] {
  return [...clubValidationTexts(), ...memberValidationTexts()];
}

/** The validation messages of the club's schemas: ai, billing, catalog, common, events, humidor. */
function clubValidationTexts(): [string, MessageDescriptor, Values?][] {
  return [
    // ai.ts
    ['Invalid chat session', msg`Invalid chat session`],
    ['Type a message first', msg`Type a message first`],
    [`Messages are at most ${thousands(AI_MESSAGE_MAX_LENGTH)} characters`, msg({ message: 'Messages are at most {max} characters' }), { max: () => formatNumber(AI_MESSAGE_MAX_LENGTH) }],
    // billing.ts (the test card form)
    ['Your card number is incomplete.', msg`Your card number is incomplete.`],
    ["Your card's expiration month is invalid.", msg`Your card's expiration month is invalid.`],
    ["Your card's expiration year is invalid.", msg`Your card's expiration year is invalid.`],
    ["Your card's security code is incomplete.", msg`Your card's security code is incomplete.`],
    // catalog.ts
    ['id must be a lowercase slug', msg`id must be a lowercase slug`],
    ['Enter something to search for', msg`Enter something to search for`],
    ['No text was read from the band', msg`No text was read from the band`],
    [`At most ${BAND_TEXT_MAX} characters of band text`, msg({ message: 'At most {max} characters of band text' }), { max: BAND_TEXT_MAX }],
    // common.ts, text.ts
    ['Invalid id', msg`Invalid id`],
    ['Must be an http(s) web address', msg`Must be an http(s) web address`],
    [CONTROL_CHARACTERS_MESSAGE, msg`Remove control characters from this text`],
    // events.ts
    ['Please choose an event type', msg`Please choose an event type`],
    ['Title is required', TITLE_REQUIRED],
    [`Title can be at most ${EVENT_TITLE_MAX_LENGTH} characters`, msg({ message: 'Title can be at most {max} characters' }), { max: EVENT_TITLE_MAX_LENGTH }],
    [`Description can be at most ${EVENT_DESCRIPTION_MAX_LENGTH} characters`, msg({ message: 'Description can be at most {max} characters' }), { max: EVENT_DESCRIPTION_MAX_LENGTH }],
    ['Venue can be at most 120 characters', msg({ message: 'Venue can be at most {max} characters' }), { max: 120 }],
    ['Address can be at most 300 characters', msg({ message: 'Address can be at most {max} characters' }), { max: 300 }],
    ['Start date and time are required', msg`Start date and time are required`],
    ['End must be a date and time', msg`End must be a date and time`],
    ['Capacity must be a number', msg`Capacity must be a number`],
    ['Capacity must be a whole number', msg`Capacity must be a whole number`],
    [`Capacity must be at least ${EVENT_CAPACITY_MIN}`, msg({ message: 'Capacity must be at least {min}' }), { min: EVENT_CAPACITY_MIN }],
    ['Capacity can be at most 100,000', msg`Capacity can be at most 100,000`],
    ['All events are restricted to adults of legal smoking age', msg`All events are restricted to adults of legal smoking age`],
    ['The start must be in the future', msg`The start must be in the future`],
    ['The end must be after the start', msg`The end must be after the start`],
    ['Invalid cursor', INVALID_CURSOR],
    // humidor.ts
    ['Price must be a number', msg`Price must be a number`],
    ['Price cannot be negative', msg`Price cannot be negative`],
    ['Price has at most 2 decimals', msg`Price has at most 2 decimals`],
    ['Quantity must be a whole number', msg`Quantity must be a whole number`],
    ['Quantity must be at least 1', QUANTITY_AT_LEAST_ONE],
    ['Quantity cannot be negative', msg`Quantity cannot be negative`],
    ['Quantity is at most 10,000', msg`Quantity is at most 10,000`],
    ['Box date must be a valid date (YYYY-MM-DD)', msg`Box date must be a valid date (YYYY-MM-DD)`],
    ['The same photo was sent twice', SAME_PHOTO_TWICE],
    [`At most ${PHOTOS_MAX} photos`, AT_MOST_PHOTOS, { max: PHOTOS_MAX }],
    ['Priority must be a number from 1 to 5', msg`Priority must be a number from 1 to 5`],
    ['Priority must be from 1 to 5', msg`Priority must be from 1 to 5`],
    ['Humidity must be a number', msg`Humidity must be a number`],
    ['Humidity is a percentage from 0 to 100', msg`Humidity is a percentage from 0 to 100`],
    ['Temperature must be a number', msg`Temperature must be a number`],
    ['Temperature looks wrong', msg`Temperature looks wrong`],
    ['The file is empty', msg`The file is empty`],
    ['The file is too large (60 KB at most)', msg`The file is too large (60 KB at most)`],
    ['Location is at most 80 characters', msg`Location is at most 80 characters`],
    ['Date must be YYYY-MM-DD', msg`Date must be YYYY-MM-DD`],
    ['Date must be an existing date (YYYY-MM-DD)', msg`Date must be an existing date (YYYY-MM-DD)`],
    ['Nothing to import', msg`Nothing to import`],
    [`Import at most ${IMPORT_MAX_ROWS} rows at a time`, msg({ message: 'Import at most {max} rows at a time' }), { max: IMPORT_MAX_ROWS }],
  ];
}

/** The validation messages of the member's own schemas: identity, marketing, messages, social, support, age. */
function memberValidationTexts(): [string, MessageDescriptor, Values?][] {
  return [
    // identity.ts
    ['A choice was sent twice', msg`A choice was sent twice`],
    [`Bio must be at most ${BIO_MAX_LENGTH} characters`, msg({ message: 'Bio must be at most {max} characters' }), { max: BIO_MAX_LENGTH }],
    [`Password must be at least ${PASSWORD_MIN_LENGTH} characters`, msg({ message: 'Password must be at least {min} characters' }), { min: PASSWORD_MIN_LENGTH }],
    ['Password must be at most 256 characters', PASSWORD_TOO_LONG],
    ['Password must contain a lowercase letter', msg`Password must contain a lowercase letter`],
    ['Password must contain an uppercase letter', msg`Password must contain an uppercase letter`],
    ['Password must contain a number', msg`Password must contain a number`],
    ['Password is required', PASSWORD_REQUIRED],
    ['Email is too long', msg`Email is too long`],
    ['Please enter a valid email address', msg`Please enter a valid email address`],
    ['Please choose one of the listed countries', msg`Please choose one of the listed countries`],
    ['Date of birth must be a valid date (YYYY-MM-DD)', msg`Date of birth must be a valid date (YYYY-MM-DD)`],
    ['First name is required', msg`First name is required`],
    ['Last name is required', msg`Last name is required`],
    ['First name must be at most 50 characters', msg`First name must be at most 50 characters`],
    ['Last name must be at most 50 characters', msg`Last name must be at most 50 characters`],
    [`Enter the ${EMAIL_CODES.digits}-digit code from the email`, msg({ message: 'Enter the {digits}-digit code from the email' }), { digits: EMAIL_CODES.digits }],
    ['The link is incomplete', msg`The link is incomplete`],
    ['The link is too long', msg`The link is too long`],
    ['The link is not valid', msg`The link is not valid`],
    [`Type ${DELETE_CONFIRMATION} to confirm`, msg({ message: 'Type {word} to confirm' }), { word: DELETE_CONFIRMATION }],
    // marketing.ts
    ['Subject is required', SUBJECT_REQUIRED],
    ['Write the email', msg`Write the email`],
    ['Name is required', msg`Name is required`],
    ['Nothing to change', msg`Nothing to change`],
    ['Text is required', msg`Text is required`],
    ...[CAMPAIGN_EMAIL_SUBJECT_MAX, CAMPAIGN_EMAIL_BODY_MAX, CAMPAIGN_NAME_MAX, CAMPAIGN_DESCRIPTION_MAX, DRAFT_TITLE_MAX, DRAFT_BODY_MAX]
      .map((max): [string, MessageDescriptor, Values] => [`At most ${max} characters`, AT_MOST_CHARACTERS, { max }]),
    // messages.ts
    ['Please write a message', msg`Please write a message`],
    [`A message can be at most ${MESSAGE_MAX_LENGTH} characters`, msg({ message: 'A message can be at most {max} characters' }), { max: MESSAGE_MAX_LENGTH }],
    // social.ts
    ['Invalid upload path', msg`Invalid upload path`],
    ['Invalid upload path: upload the image again', msg`Invalid upload path: upload the image again`],
    ['Only JPEG, PNG or WebP images can be uploaded', msg`Only JPEG, PNG or WebP images can be uploaded`],
    ['Please enter some content for your post', msg`Please enter some content for your post`],
    [`A post can be at most ${POST_MAX_LENGTH} characters`, msg({ message: 'A post can be at most {max} characters' }), { max: POST_MAX_LENGTH }],
    ['An image post needs a picture, and only an image post may have one', msg`An image post needs a picture, and only an image post may have one`],
    ['Please enter a comment', msg`Please enter a comment`],
    [`A comment can be at most ${COMMENT_MAX_LENGTH} characters`, msg({ message: 'A comment can be at most {max} characters' }), { max: COMMENT_MAX_LENGTH }],
    ['Scores are whole numbers', msg`Scores are whole numbers`],
    ['Scores are from 0 to 100', msg`Scores are from 0 to 100`],
    ['A flavor tag can be at most 30 characters', msg`A flavor tag can be at most 30 characters`],
    [`At most ${REVIEW_FLAVOR_TAGS_MAX} flavor tags`, msg({ message: 'At most {max} flavor tags' }), { max: REVIEW_FLAVOR_TAGS_MAX }],
    [`Notes can be at most ${REVIEW_NOTES_MAX_LENGTH} characters`, msg({ message: 'Notes can be at most {max} characters' }), { max: REVIEW_NOTES_MAX_LENGTH }],
    ['Invalid target id', msg`Invalid target id`],
    ['Please say what is wrong', msg`Please say what is wrong`],
    [`A reason can be at most ${REPORT_REASON_MAX_LENGTH} characters`, msg({ message: 'A reason can be at most {max} characters' }), { max: REPORT_REASON_MAX_LENGTH }],
    // support.ts
    ['Choose a topic', msg`Choose a topic`],
    [`Subject must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`, msg({ message: 'Subject must be at most {max} characters' }), { max: SUPPORT_SUBJECT_MAX_LENGTH }],
    ['Message is required', msg`Message is required`],
    [`Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`, msg({ message: 'Message must be at most {max} characters' }), { max: SUPPORT_MESSAGE_MAX_LENGTH }],
    // age.ts (the age gate, the sign-up and trial forms, and the server)
    ['Date of birth cannot be in the future', CODE_TEXT.FUTURE_DATE],
    ['Please enter a real date of birth', CODE_TEXT.IMPLAUSIBLE_DATE],
    ...COUNTRIES.map((c): [string, MessageDescriptor, Values] => [
      `You must be at least ${c.minimumAge} years old to access this platform in ${c.name}`, CODE_TEXT.UNDER_AGE,
      { age: c.minimumAge, country: countryName(c.code, c.name) },
    ]),
  ];
}

/** The other messages the services send with an error code (shared messages, and each service's own), by their exact text. */
function serverTexts(): [string, MessageDescriptor, Values?][] {
  return [...codeMessageTexts(), ...otherServerTexts()];
}

/** Each code's own message, where the services send one. */
function codeMessageTexts(): [string, MessageDescriptor, Values?][] {
  return [
    ['Malformed JSON body', CODE_TEXT.MALFORMED_JSON],
    ['This request takes no body', CODE_TEXT.UNEXPECTED_BODY],
    ['Unknown cigar', CODE_TEXT.UNKNOWN_CIGAR],
    ['You cannot follow yourself', CODE_TEXT.SELF_FOLLOW],
    ['You cannot message yourself', CODE_TEXT.SELF_MESSAGE],
    ['You cannot block yourself', CODE_TEXT.SELF_BLOCK],
    [INVALID_CODE_MESSAGE, CODE_TEXT.INVALID_CODE],
    ['Webhook signature verification failed', CODE_TEXT.BAD_SIGNATURE],
    ['Unauthorized', CODE_TEXT.UNAUTHORIZED],
    ['Invalid email or password', CODE_TEXT.INVALID_CREDENTIALS],
    ['Cross-origin request refused', CODE_TEXT.BAD_ORIGIN],
    ['This area is restricted to platform administrators.', CODE_TEXT.OWNER_ONLY],
    [`Your ${TRIAL_DAYS}-day trial has ended. Create a free account to keep using Torcedor.`, CODE_TEXT.TRIAL_ENDED, { days: TRIAL_DAYS }],
    [`Free members can keep up to ${FREE_HUMIDOR_CAP} cigars in the humidor. Upgrade to Premium for an unlimited humidor.`, CODE_TEXT.HUMIDOR_LIMIT, { limit: FREE_HUMIDOR_CAP }],
    ['This member is not accepting new followers', CODE_TEXT.FOLLOWS_CLOSED],
    [MESSAGES_CLOSED_MESSAGE, CODE_TEXT.MESSAGES_CLOSED],
    [`Free members can host up to ${FREE_HOSTED_EVENTS_LIMIT} upcoming events. Upgrade to Premium to host more.`, CODE_TEXT.HOSTING_LIMIT, { limit: FREE_HOSTED_EVENTS_LIMIT }],
    [EMAIL_UNVERIFIED_MESSAGE, CODE_TEXT.EMAIL_UNVERIFIED],
    ['Not found', CODE_TEXT.NOT_FOUND],
    ['An account with this email already exists', CODE_TEXT.EMAIL_TAKEN],
    ['This event has already started', CODE_TEXT.EVENT_STARTED],
    ['You already have an active Premium subscription.', CODE_TEXT.ALREADY_SUBSCRIBED],
    ['You have no active subscription to cancel.', CODE_TEXT.NOT_SUBSCRIBED],
    ['A request with this Idempotency-Key is still being processed.', CODE_TEXT.IDEMPOTENCY_IN_PROGRESS],
    ['This draft was already published or discarded.', CODE_TEXT.DRAFT_CLOSED],
    ["This campaign's email is being sent or was sent: it cannot be changed or sent again.", CODE_TEXT.EMAIL_ALREADY_SENT],
    ['Verify your own email address first: the test goes to it.', CODE_TEXT.NO_VERIFIED_ADDRESS],
    ['Content-Type must be application/json', CODE_TEXT.UNSUPPORTED_MEDIA_TYPE],
    ['This Idempotency-Key was already used with a different request.', CODE_TEXT.IDEMPOTENCY_KEY_REUSED],
    ['Too many failed sign-in attempts. Please wait a few minutes and try again.', CODE_TEXT.LOGIN_THROTTLED],
    ['Too many new accounts from this address. Please try again later.', CODE_TEXT.SIGNUP_THROTTLED],
    ['Too many requests, please try again shortly', CODE_TEXT.RATE_LIMITED],
    [`You can send at most ${MESSAGE_LIMITS.perHour} messages an hour. Please try again later.`, CODE_TEXT.MESSAGE_LIMIT, { limit: MESSAGE_LIMITS.perHour }],
    [`Free users are limited to ${FREE_AI_DAILY_LIMIT} AI recommendations per day. Upgrade to Premium for unlimited access!`, CODE_TEXT.AI_DAILY_LIMIT, { limit: FREE_AI_DAILY_LIMIT }],
    ['You have uploaded a lot of pictures in the last hour. Please try again later.', CODE_TEXT.UPLOAD_LIMIT],
    ['Something went wrong. Please try again.', CODE_TEXT.INTERNAL],
    [UNAVAILABLE_MESSAGE, CODE_TEXT.UNAVAILABLE],
    [PAYMENTS_UNAVAILABLE_MESSAGE, CODE_TEXT.PAYMENTS_UNAVAILABLE],
    [CATALOG_LOADING_MESSAGE, CODE_TEXT.CATALOG_LOADING],
  ];
}

/** Other messages of those codes: each service's own wording. */
function otherServerTexts(): [string, MessageDescriptor, Values?][] {
  const perDay = MESSAGE_LIMITS.newConversationsPerDay;
  return [
    ['No cigar with this id in the catalog', msg`No cigar with this id in the catalog`],
    ['You cannot unfollow yourself', msg`You cannot unfollow yourself`],
    ['You cannot unblock yourself', msg`You cannot unblock yourself`],
    ['Too many sign-in attempts, please try again shortly', msg`Too many sign-in attempts, please try again shortly`],
    ['We have sent you several codes in the last hour. Please use the latest one, or try again later.', msg`We have sent you several codes in the last hour. Please use the latest one, or try again later.`],
    ['Too many password reset requests. Please try again later.', msg`Too many password reset requests. Please try again later.`],
    ['Too many visits from this address today.', msg`Too many visits from this address today.`],
    [
      `You have asked VitolAI a lot in a short time (at most ${AI_ABUSE_LIMITS.perHour} answers an hour and ${AI_ABUSE_LIMITS.perDay} a day). Please try again later.`,
      msg({ message: 'You have asked VitolAI a lot in a short time (at most {perHour} answers an hour and {perDay} a day). Please try again later.' }),
      { perHour: AI_ABUSE_LIMITS.perHour, perDay: AI_ABUSE_LIMITS.perDay },
    ],
    [
      `You can start at most ${perDay.free} new conversations a day. Please try again tomorrow, or upgrade to Premium for more.`,
      msg({ message: 'You can start at most {limit} new conversations a day. Please try again tomorrow, or upgrade to Premium for more.' }),
      { limit: perDay.free },
    ],
    [
      `You can start at most ${perDay.premium} new conversations a day. Please try again tomorrow.`,
      msg({ message: 'You can start at most {limit} new conversations a day. Please try again tomorrow.' }),
      { limit: perDay.premium },
    ],
    ['Advanced analytics are part of Premium.', msg`Advanced analytics are part of Premium.`],
    ['This draft could not be published.', msg`This draft could not be published.`],
    ['A trial has no email address: create a free account to use one.', msg`A trial has no email address: create a free account to use one.`],
    [INVALID_UNSUBSCRIBE_MESSAGE, msg`This unsubscribe link is not valid. You can change your email settings in Settings.`],
    ['This campaign has no email yet.', msg`This campaign has no email yet.`],
    [
      `A campaign's name is at most ${CAMPAIGN_NAME_MAX} characters: shorten the draft first.`,
      msg({ message: "A campaign's name is at most {max} characters: shorten the draft first." }), { max: CAMPAIGN_NAME_MAX },
    ],
    [
      `A campaign's description is at most ${CAMPAIGN_DESCRIPTION_MAX} characters: shorten the draft first.`,
      msg({ message: "A campaign's description is at most {max} characters: shorten the draft first." }), { max: CAMPAIGN_DESCRIPTION_MAX },
    ],
    // Uploads (INVALID_UPLOAD).
    ['This upload does not belong to you: upload the image again', msg`This upload does not belong to you: upload the image again`],
    ['The upload was not found: upload the image again', msg`The upload was not found: upload the image again`],
    ['The upload changed while it was checked: upload the image again', msg`The upload changed while it was checked: upload the image again`],
    [`The image must be at most ${PROFILE_PICTURE_MAX_BYTES / (1024 * 1024)} MB`, msg({ message: 'The image must be at most {size} MB' }), { size: PROFILE_PICTURE_MAX_BYTES / (1024 * 1024) }],
    ['Only JPEG, PNG or WebP images can be used', msg`Only JPEG, PNG or WebP images can be used`],
    ["This photo is not one of the item's: upload it again", msg`This photo is not one of the item's: upload it again`],
    ['Unknown photo', msg`Unknown photo`],
    // Not found (NOT_FOUND): what was not found.
    ['Post not found', msg`Post not found`],
    ['Member not found', msg`Member not found`],
    ['User not found', msg`User not found`],
    ['Campaign not found', msg`Campaign not found`],
    ['Reported content not found', msg`Reported content not found`],
    ['Message not found', msg`Message not found`],
    ['Conversation not found', msg`Conversation not found`],
    ['Humidor item not found', msg`Humidor item not found`],
    ['Wishlist entry not found', msg`Wishlist entry not found`],
    ['Draft not found', msg`Draft not found`],
    ['Support request not found', msg`Support request not found`],
    ['Review not found', msg`Review not found`],
    ['Report not found', msg`Report not found`],
    ['Comment not found', msg`Comment not found`],
    ['Event not found', msg`Event not found`],
    ['Cigar not found', msg`Cigar not found`],
    ['Brand not found', msg`Brand not found`],
    ['Lounge not found', msg`Lounge not found`],
    ['That cigar is no longer in the catalog', msg`That cigar is no longer in the catalog`],
    ['No such payment', msg`No such payment`],
    ['This payment can no longer be completed', msg`This payment can no longer be completed`],
    // VitolAI's streamed answers that failed (UNAVAILABLE).
    ['Failed to send message. Please try again.', msg`Failed to send message. Please try again.`],
    ['Failed to get recommendations. Please try again.', msg`Failed to get recommendations. Please try again.`],
    // The payment provider's messages (PAYMENT_FAILED), as Stripe words them.
    ['Your card was declined.', msg`Your card was declined.`],
    ['Your card number is incorrect.', msg`Your card number is incorrect.`],
    ['Your card has expired.', msg`Your card has expired.`],
    ['Your card has insufficient funds.', msg`Your card has insufficient funds.`],
    ["Your card's security code is incorrect.", msg`Your card's security code is incorrect.`],
    ['An error occurred while processing your card. Try again in a little bit.', msg`An error occurred while processing your card. Try again in a little bit.`],
    [
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      msg`We are unable to authenticate your payment method. Please choose a different payment method and try again.`,
    ],
    [
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      msg({ message: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: {url}.' }),
      { url: 'https://stripe.com/docs/testing' },
    ],
    // A band that could not be read (the scan's own message, shared).
    [BAND_UNREADABLE_MESSAGE, msg`Hold the band flat and fill the frame`],
  ];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'November 27, 2026' (how billing writes a day) as '2026-11-27', or null. */
function isoDayOf(text: string): string | null {
  const m = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[1]!) + 1 : 0;
  return m && month ? `${m[3]}-${String(month).padStart(2, '0')}-${m[2]!.padStart(2, '0')}` : null;
}

/** Messages that carry a value the server chose (a position, a count, a name, a day): matched, the value read out. */
const PATTERNS: { pattern: RegExp; text: (m: RegExpExecArray) => Text | null }[] = [
  {
    pattern: /^This event is full\. You are number (\d+) on the waitlist\.$/,
    text: (m) => ({ descriptor: CODE_TEXT.EVENT_FULL, values: { position: Number(m[1]) } }),
  },
  {
    pattern: /^Capacity cannot be below the (\d+) members going$/,
    text: (m) => ({ descriptor: msg({ message: 'Capacity cannot be below the {going} members going' }), values: { going: Number(m[1]) } }),
  },
  {
    pattern: /^Request body must be at most (\d+) bytes$/,
    text: (m) => ({ descriptor: CODE_TEXT.PAYLOAD_TOO_LARGE, values: { limit: Number(m[1]) } }),
  },
  {
    pattern: /^(.+) is already running\. Try again when this run finishes\.$/,
    text: (m) => ({ descriptor: CODE_TEXT.AUTOMATION_RUNNING, values: { automation: m[1]! } }),
  },
  {
    pattern: /^Your Premium membership is already paid until (.+)\.$/,
    text: (m) => {
      const day = isoDayOf(m[1]!);
      return day ? { descriptor: msg({ message: 'Your Premium membership is already paid until {date}.' }), values: { date: () => formatDate(day) } } : null;
    },
  },
];

let known: Map<string, Text> | null = null;

/** The English text → descriptor map, made at first use. */
function knownTexts(): Map<string, Text> {
  if (!known) {
    known = new Map();
    for (const [text, descriptor, values] of [...validationTexts(), ...serverTexts()]) if (!known.has(text)) known.set(text, { descriptor, values });
  }
  return known;
}

/** The text an English server or validation message is, or undefined when it is not one the web knows. */
function textOf(english: string): Text | undefined {
  const exact = knownTexts().get(english);
  if (exact) return exact;
  for (const { pattern, text } of PATTERNS) {
    const m = pattern.exec(english);
    const found = m ? text(m) : null;
    if (found) return found;
  }
  return undefined;
}

/** The app speaks English (the source language): server texts are shown as the server wrote them. */
const inEnglish = () => !i18n.locale || i18n.locale === 'en';

/** A text in the active language, its numbers written as the language writes them. */
function show({ descriptor, values }: Text): string {
  const shown: Record<string, string> = {};
  for (const [name, v] of Object.entries(values ?? {})) shown[name] = typeof v === 'function' ? v() : typeof v === 'number' ? formatNumber(v) : v;
  const message: MessageDescriptor = { ...descriptor, values: shown };
  return i18n._(message);
}

/** Whether the web has a text for an English server or validation message. */
export const isKnownServerText = (english: string): boolean => textOf(english) !== undefined;

/**
 * An English server or validation message in the app's language: a code's message, a shared schema's message (a
 * form's field error), else the text itself.
 */
export function translateServerText(english: string): string {
  if (inEnglish()) return english;
  const text = textOf(english);
  return text ? show(text) : english;
}

const firstNumber = (s: string) => {
  const m = /\d+/.exec(s);
  return m ? Number(m[0]) : undefined;
};

/** The values a code's text takes, read out of the server's English message; null when one cannot be read. */
function codeValues(code: ErrorCode, message: string): Values | null | undefined {
  switch (code) {
    case 'WEAK_PASSWORD': return { min: PASSWORD_MIN_LENGTH };
    case 'TRIAL_ENDED': return { days: TRIAL_DAYS };
    case 'HUMIDOR_LIMIT': return { limit: firstNumber(message) ?? FREE_HUMIDOR_CAP };
    case 'HOSTING_LIMIT': return { limit: firstNumber(message) ?? FREE_HOSTED_EVENTS_LIMIT };
    case 'AI_DAILY_LIMIT': return { limit: firstNumber(message) ?? FREE_AI_DAILY_LIMIT };
    case 'MESSAGE_LIMIT': return { limit: firstNumber(message) ?? MESSAGE_LIMITS.perHour };
    case 'EVENT_FULL': {
      const position = /number (\d+)/.exec(message)?.[1];
      return position ? { position: Number(position) } : null;
    }
    case 'PAYLOAD_TOO_LARGE': {
      const limit = firstNumber(message);
      return limit === undefined ? null : { limit };
    }
    case 'AUTOMATION_RUNNING': {
      const automation = /^(.+) is already running/.exec(message)?.[1];
      return automation ? { automation } : null;
    }
    case 'UNDER_AGE': {
      const m = /at least (\d+) years old to access this platform in (.+)$/.exec(message);
      const country = m ? COUNTRIES.find((c) => c.name === m[2]) : undefined;
      return m && country ? { age: Number(m[1]), country: countryName(country.code, country.name) } : null;
    }
    default: return undefined;
  }
}

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);

/** The error code of an API error (its body's `code`), when it is one of shared/src/errors.ts. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  const code = (error as { body?: { code?: unknown } | null } | null)?.body?.code;
  return isErrorCode(code) ? code : undefined;
}

/**
 * The text of an API error's code in the app's language (English too: the code's own wording), its values read out
 * of the server's message; undefined when the error has no known code.
 */
export function codeText(error: unknown): string | undefined {
  const code = errorCodeOf(error);
  if (!code) return undefined;
  const message = (error as { body?: { message?: unknown } | null }).body?.message;
  const values = codeValues(code, typeof message === 'string' ? message : '');
  const fallback = CODE_FALLBACK[code];
  return values === null && fallback ? show({ descriptor: fallback }) : show({ descriptor: CODE_TEXT[code], values: values ?? undefined });
}

/**
 * What to show for an API error's text (its first validation issue, else its message) in the app's language: the
 * text's own translation when the web knows it; in English the server's words; otherwise the error code's text.
 */
export function serverErrorText(error: unknown, english: string | undefined): string | undefined {
  if (english && textOf(english)) return translateServerText(english);
  if (inEnglish()) return english;
  return codeText(error) ?? english;
}

/** For tests: each code's descriptor, and each known English text with its descriptor and the values it was written with. */
export const errorTextTables = {
  codes: CODE_TEXT,
  fallbacks: CODE_FALLBACK,
  knownTexts,
  /** A known text as English writes it from its descriptor (numbers as the server writes them). */
  english: ({ descriptor, values }: Text): string => {
    const raw: Record<string, string> = {};
    for (const [name, v] of Object.entries(values ?? {})) raw[name] = typeof v === 'function' ? v() : String(v);
    const message: MessageDescriptor = { ...descriptor, values: raw };
    return i18n._(message);
  },
};
