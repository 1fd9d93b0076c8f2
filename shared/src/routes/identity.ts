import * as z from 'zod';
import { route, type RouteDef } from '../route.ts';
import { ABUSE_LIMITS, CURRENT_USER_PATH } from '../constants.ts';
import { Health, IdParams, Ok, OpenApiDocument, Readiness } from '../schemas/common.ts';
import {
  ChangeEmailBody, DeleteAccountBody, EmailSent, ForgotPasswordBody, LoginBody, NotificationSettings, Preferences, PrivacySettings,
  ProfileUpdate, ResetPasswordBody, SignupBody, SignupResult, Tastes, TrialBody, UnsubscribeBody, UnsubscribeQuery, UnsubscribeResult, User,
  VerifyEmailBody,
} from '../schemas/identity.ts';
import { ProfilePictureBody, ProfilePictureResult, UploadRequest, UploadTicket } from '../schemas/social.ts';
import { SupportRequest, SupportRequestBody, SupportRequestList } from '../schemas/support.ts';
import { exportPart } from './export-part.ts';

/** Priority support: members write in, owners answer the queue (premium members' requests first). */
const supportRoutes = {
  createSupportRequest: route({
    method: 'POST', path: '/api/support', service: 'identity', access: 'member', status: 201, idempotent: true,
    summary: 'Send a support request (flagged priority for premium and trial members)', body: SupportRequestBody, response: SupportRequest,
  }),
  getMySupportRequests: route({
    method: 'GET', path: '/api/support', service: 'identity', access: 'member',
    summary: "The member's own support requests, newest first", response: SupportRequestList,
  }),
  getSupportQueue: route({
    method: 'GET', path: '/api/support/queue', service: 'identity', access: 'owner',
    summary: 'Owners: every open and resolved support request, open priority ones first', response: SupportRequestList,
  }),
  resolveSupportRequest: route({
    method: 'POST', path: '/api/support/{id}/resolve', service: 'identity', access: 'owner',
    summary: 'Owners: mark a support request resolved', params: IdParams, response: SupportRequest,
  }),
} satisfies Record<string, RouteDef>;

/** The identity service: health, the API reference, accounts and sessions, settings, uploads, priority support. */
export const identityRoutes = {
  getHealth: route({
    method: 'GET', path: '/api/health', service: 'identity', access: 'public', offline: true,
    summary: 'Liveness of the API', response: Health,
  }),
  getReadiness: route({
    method: 'GET', path: '/api/health/ready', service: 'identity', access: 'public', offline: true,
    summary: "Readiness: each dependency's state (ok / degraded / down) and latency, for operators", response: Readiness,
  }),
  getOpenApi: route({
    method: 'GET', path: '/api/openapi.json', service: 'identity', access: 'public', offline: true,
    summary: 'The OpenAPI 3.1 document generated from the routes manifest', response: OpenApiDocument,
  }),
  getApiDocs: route({
    method: 'GET', path: '/api/docs', service: 'identity', access: 'public', text: 'html', offline: true,
    summary: 'The API reference: this document rendered for people', response: z.string(),
  }),
  signup: route({
    method: 'POST', path: '/api/auth/signup', service: 'identity', access: 'public', status: 201,
    summary: 'Create a member account (age rule enforced) and sign the member in (the session cookies, as a login sets them)', body: SignupBody, response: SignupResult,
    errors: ['WEAK_PASSWORD', 'FUTURE_DATE', 'IMPLAUSIBLE_DATE', 'UNDER_AGE', 'EMAIL_TAKEN', 'RATE_LIMITED', 'SIGNUP_THROTTLED'],
  }),
  login: route({
    method: 'POST', path: '/api/auth/login', service: 'identity', access: 'public',
    summary: 'Sign in with email and password; sets the session cookies', body: LoginBody, response: User,
    errors: ['INVALID_CREDENTIALS', 'UNAUTHORIZED', 'LOGIN_THROTTLED', 'RATE_LIMITED'],
  }),
  startTrial: route({
    method: 'POST', path: '/api/auth/trial', service: 'identity', access: 'public', status: 201,
    summary: 'Start a 7-day trial without card or email; sets the session cookies', body: TrialBody, response: User,
    errors: ['FUTURE_DATE', 'IMPLAUSIBLE_DATE', 'UNDER_AGE', 'RATE_LIMITED', 'SIGNUP_THROTTLED'],
  }),
  refreshSession: route({
    method: 'POST', path: '/api/auth/refresh', service: 'identity', access: 'public',
    summary: 'Renew the session from the refresh cookie', response: Ok,
    errors: ['UNAUTHORIZED', 'TRIAL_ENDED'],
  }),
  verifyEmail: route({
    method: 'POST', path: '/api/auth/verify-email', service: 'identity', access: 'member',
    summary: 'Prove the address is the member\'s with the emailed 6-digit code (a pending new address replaces the old one)',
    body: VerifyEmailBody, response: User,
    errors: ['INVALID_CODE', 'TRIAL_ENDED', 'EMAIL_TAKEN'],
  }),
  resendVerification: route({
    method: 'POST', path: '/api/auth/verify-email/resend', service: 'identity', access: 'member', status: 202,
    summary: 'Email a new verification code (5 an hour); the earlier code stops working', response: EmailSent,
    errors: ['TRIAL_ENDED', 'RATE_LIMITED'],
  }),
  forgotPassword: route({
    method: 'POST', path: '/api/auth/forgot-password', service: 'identity', access: 'public', status: 202,
    summary: 'Email a password-reset code valid 1 hour; the same answer whether or not the account exists',
    body: ForgotPasswordBody, response: EmailSent,
    errors: ['RATE_LIMITED'],
  }),
  resetPassword: route({
    method: 'POST', path: '/api/auth/reset-password', service: 'identity', access: 'public',
    summary: 'Set a new password with the emailed code; ends every session of the member and emails a notice',
    body: ResetPasswordBody, response: Ok,
    errors: ['INVALID_CODE', 'WEAK_PASSWORD', 'RATE_LIMITED'],
  }),
  unsubscribe: route({
    method: 'POST', path: '/api/unsubscribe', service: 'identity', access: 'public',
    summary: "An email's unsubscribe link, from the /unsubscribe page: turns that kind of email off at once, without signing in",
    body: UnsubscribeBody, response: UnsubscribeResult,
  }),
  unsubscribeOneClick: route({
    method: 'POST', path: '/api/unsubscribe/one-click', service: 'identity', access: 'public', rawBody: true,
    summary: "RFC 8058 one-click unsubscribe: the mail client's POST (body List-Unsubscribe=One-Click) to the email's List-Unsubscribe link",
    query: UnsubscribeQuery, response: UnsubscribeResult,
  }),
  loginPage: route({
    method: 'GET', path: '/api/login', service: 'identity', access: 'public', status: 302, navigation: true, offline: true,
    summary: "Browser navigation to the landing page's login tab", response: Ok,
  }),
  logout: route({
    method: 'POST', path: '/api/logout', service: 'identity', access: 'public',
    summary: 'Revoke the session on the server and clear the cookies (a state-changing request: same origin, JSON only)', response: Ok,
  }),
  logoutPage: route({
    method: 'GET', path: '/api/logout', service: 'identity', access: 'public', status: 302, navigation: true, offline: true,
    summary: 'A navigation to the old logout link: the page with a Log out button (logging out itself is a POST)', response: Ok,
  }),
  getCurrentUser: route({
    method: 'GET', path: CURRENT_USER_PATH, service: 'identity', access: 'member',
    summary: 'The signed-in member', response: User,
    errors: ['TRIAL_ENDED'],
  }),
  getProfile: route({
    method: 'GET', path: '/api/user/profile', service: 'identity', access: 'member',
    summary: "The member's own profile and settings", response: User,
    errors: ['TRIAL_ENDED'],
  }),
  updateProfile: route({
    method: 'PUT', path: '/api/user/profile', service: 'identity', access: 'member',
    summary: 'Update display name, bio and location', body: ProfileUpdate, response: User,
    errors: ['TRIAL_ENDED'],
  }),
  updatePrivacy: route({
    method: 'PUT', path: '/api/user/privacy', service: 'identity', access: 'member',
    summary: 'Update privacy settings', body: PrivacySettings, response: User,
    errors: ['TRIAL_ENDED'],
  }),
  updateNotifications: route({
    method: 'PUT', path: '/api/user/notifications', service: 'identity', access: 'member',
    summary: 'Update notification settings', body: NotificationSettings, response: User,
    errors: ['TRIAL_ENDED'],
  }),
  updatePreferences: route({
    method: 'PUT', path: '/api/user/preferences', service: 'identity', access: 'member',
    summary: 'Update language and content preferences', body: Preferences, response: User,
    errors: ['TRIAL_ENDED'],
  }),
  updateTastes: route({
    method: 'PUT', path: '/api/user/tastes', service: 'identity', access: 'member',
    summary: 'Update what the member likes: strengths, wrappers and countries (the first run, Settings → Preferences)', body: Tastes, response: User,
    errors: ['TRIAL_ENDED'],
  }),
  completeFirstRun: route({
    method: 'POST', path: '/api/user/first-run', service: 'identity', access: 'member',
    summary: "Mark the first run done (finished or skipped): it is not offered again; a repeat keeps the first time", response: User,
    errors: ['TRIAL_ENDED'],
  }),
  changeEmail: route({
    method: 'PUT', path: '/api/user/email', service: 'identity', access: 'member',
    summary: 'Change the address: the new one gets a code and replaces the old one once verified; the old one is told',
    body: ChangeEmailBody, response: User,
    errors: ['TRIAL_ENDED', 'INVALID_CREDENTIALS', 'EMAIL_TAKEN', 'LOGIN_THROTTLED', 'RATE_LIMITED'],
  }),
  deleteAccount: route({
    method: 'DELETE', path: '/api/user', service: 'identity', access: 'member',
    summary: 'Delete the account and all its data (every service deletes its part)', body: DeleteAccountBody, response: Ok,
    errors: ['INVALID_CREDENTIALS', 'LOGIN_THROTTLED', 'RATE_LIMITED'],
  }),
  exportIdentity: exportPart('identity', '/api/user/export'),
  createUpload: route({
    method: 'POST', path: '/api/objects/upload', service: 'identity', access: 'member', status: 201,
    summary: `A short-lived presigned POST for one image (1 byte to 5 MB, its type fixed) under the member's own incoming path; ${ABUSE_LIMITS.uploadsPerMember} an hour`,
    body: UploadRequest, response: UploadTicket,
    errors: ['TRIAL_ENDED', 'UPLOAD_LIMIT'],
  }),
  setProfilePicture: route({
    method: 'PUT', path: '/api/profile/picture', service: 'identity', access: 'member',
    summary: "Register an uploaded image (the member's own, at most 5 MB, JPEG, PNG or WebP by its bytes) as the profile picture: a copy of it is kept, the previous picture is deleted",
    body: ProfilePictureBody, response: ProfilePictureResult,
    errors: ['INVALID_UPLOAD', 'TRIAL_ENDED'],
  }),
  ...supportRoutes,
} satisfies Record<string, RouteDef>;
