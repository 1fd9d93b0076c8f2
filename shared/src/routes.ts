
import { route, type RouteDef } from './route.ts';
import { ABUSE_LIMITS, CURRENT_USER_PATH, MESSAGE_LIMITS, VISITS_PATH } from './constants.ts';
import type { ServiceName } from './services.ts';
import { ExportPart, Health, IdParams, Ok, OpenApiDocument, Readiness } from './schemas/common.ts';
import * as z from 'zod';
import {
  ChangeEmailBody, DeleteAccountBody, EmailSent, ForgotPasswordBody, LoginBody, NotificationSettings, Preferences, PrivacySettings, ProfileUpdate,
  ResetPasswordBody, SignupBody, SignupResult, Tastes, TastesQuery, TrialBody, UnsubscribeBody, UnsubscribeQuery, UnsubscribeResult, User, VerifyEmailBody,
} from './schemas/identity.ts';
import {
  CommentList, CommentParams, Comment, CursorQuery, FollowResult, FollowStatus, LikeResult, MarkedRead, MarkNotificationsRead, NewComment,
  NewPost, NewReport, NewReview, NotificationList, Post, PostList, PostPage, ProfilePictureBody, ProfilePictureResult, PublicProfile, Report,
  ReportList, ResolveReport, Review, ReviewList, SmokingHistory, SuggestedMembers, UploadRequest, UploadTicket,
} from './schemas/social.ts';
import {
  AddConditionReading, AddHumidorItem, AddWishlistItem, ConditionsLog, HumidorAnalytics, HumidorItem, HumidorList, HumidorSummary, ImportBody, ImportPreview,
  ImportPreviewBody, MoveWishlistItem, UpdateHumidorItem, UpdateWishlistItem, WishlistItem, WishlistList,
} from './schemas/humidor.ts';
import {
  BandCatalog, Brand, Cigar, IdentifyBody, IdentifyImageBody, IdentifyImageResult, IdentifyResult, Lounge, SearchQuery, SearchResponse,
} from './schemas/catalog.ts';
import { ClubEvent, EventCalendarQuery, EventDetail, EventForm, EventList, EventsQuery, RsvpBody } from './schemas/events.ts';
import {
  AiProfile, AiUsage, ChatAnswer, ChatHistory, ChatSessionId, ConversationBody, LearnLibrary, QuickPicks, RecommendationBody, SmokeNext,
} from './schemas/ai.ts';
import {
  CancelSubscriptionResult, CreateSubscriptionResult, LocalConfirmBody, LocalConfirmResult, SubscriptionStatus, WebhookAck,
} from './schemas/billing.ts';
import { SupportRequest, SupportRequestBody, SupportRequestList } from './schemas/support.ts';
import {
  Automations, AutomationRun, Campaign, CampaignAnalytics, CampaignEmailBody, CampaignEmailPreview, CampaignEmailSend, ContentDraft, ContentDrafts, CreateCampaignBody, MarketingAnalytics,
  MarketingDashboard, RunAutomationBody, UpdateCampaignBody, UpdateDraftBody,
} from './schemas/marketing.ts';
import { VisitBody } from './schemas/attribution.ts';
import {
  BlockedList, BlockResult, ConversationPage, MemberParams, Message, MessageParams, MessageThread, NewMessage, ThreadRead, UnreadMessages,
} from './schemas/messages.ts';

/**
 * The routes manifest: every API route of Torcedor, once. CDK creates the HTTP API routes from it, the
 * local gateway mounts it, each service builds its router from its own entries, the web client calls
 * through it, and the OpenAPI document is generated from it. The key is the operation id.
 */
export const routes = {
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
  ...exportRoutes(),
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
  ...socialRoutes(),
  ...messageRoutes(),
  getHumidor: route({
    method: 'GET', path: '/api/humidor', service: 'humidor', access: 'member',
    summary: "The member's humidor items", response: HumidorList,
  }),
  search: route({
    method: 'GET', path: '/api/search', service: 'humidor', access: 'member',
    summary: 'Search the curated catalog: cigars, brands and lounges, grouped and ranked', query: SearchQuery, response: SearchResponse,
  }),
  getCigar: route({
    method: 'GET', path: '/api/cigars/{id}', service: 'humidor', access: 'member',
    summary: 'A cigar with its brand, average rating and review count', params: IdParams, response: Cigar,
  }),
  identifyCigar: route({
    method: 'POST', path: '/api/cigars/identify', service: 'humidor', access: 'member',
    summary: 'Band scan: rank catalog cigars from the noisy text read off a cigar band (typo-, accent- and spacing-tolerant)',
    body: IdentifyBody, response: IdentifyResult,
  }),
  identifyCigarImage: route({
    method: 'POST', path: '/api/cigars/identify/image', service: 'humidor', access: 'member',
    summary: "Band scan's second opinion: a vision model reads the brand and line off the member's uploaded photo (deleted after), matched against the catalog",
    body: IdentifyImageBody, response: IdentifyImageResult, errors: ['INVALID_UPLOAD'],
  }),
  getBandCatalog: route({
    method: 'GET', path: '/api/band-catalog', service: 'humidor', access: 'member',
    summary: "Band scan offline: every catalog cigar's name parts and shape, for the device to match a band without the server",
    response: BandCatalog,
  }),
  listBrands: route({
    method: 'GET', path: '/api/brands', service: 'humidor', access: 'member', summary: 'All brands', response: z.array(Brand),
  }),
  getBrand: route({
    method: 'GET', path: '/api/brands/{id}', service: 'humidor', access: 'member',
    summary: 'A brand and its cigars', params: IdParams, response: z.object({ brand: Brand, cigars: z.array(Cigar) }),
  }),
  listLounges: route({
    method: 'GET', path: '/api/lounges', service: 'humidor', access: 'member', summary: 'All lounges', response: z.array(Lounge),
  }),
  getLounge: route({
    method: 'GET', path: '/api/lounges/{id}', service: 'humidor', access: 'member', summary: 'A lounge', params: IdParams, response: Lounge,
  }),
  getHumidorSummary: route({
    method: 'GET', path: '/api/humidor/summary', service: 'humidor', access: 'member',
    summary: "The member's totals and humidor cap", response: HumidorSummary,
  }),
  getHumidorAnalytics: route({
    method: 'GET', path: '/api/humidor/analytics', service: 'humidor', access: 'member',
    summary: "Advanced analytics of the member's humidor: origins, strengths, vitolas, spend by month, aging (premium and trial)",
    response: HumidorAnalytics, errors: ['PREMIUM_REQUIRED'],
  }),
  addHumidorItem: route({
    method: 'POST', path: '/api/humidor', service: 'humidor', access: 'member', status: 201, idempotent: true,
    summary: 'Add a cigar to the humidor (free members: 20 cigars at most), with up to 4 uploaded photos', body: AddHumidorItem, response: HumidorItem,
    errors: ['UNKNOWN_CIGAR', 'HUMIDOR_LIMIT', 'INVALID_UPLOAD'],
  }),
  updateHumidorItem: route({
    method: 'PUT', path: '/api/humidor/{id}', service: 'humidor', access: 'member',
    summary: 'Edit a humidor item (its photos: kept ones by path, new uploads registered, the rest deleted)', params: IdParams, body: UpdateHumidorItem, response: HumidorItem,
    errors: ['HUMIDOR_LIMIT', 'INVALID_UPLOAD'],
  }),
  deleteHumidorItem: route({
    method: 'DELETE', path: '/api/humidor/{id}', service: 'humidor', access: 'member',
    summary: 'Remove a humidor item', params: IdParams, response: Ok,
  }),
  getConditions: route({
    method: 'GET', path: '/api/humidor/conditions', service: 'humidor', access: 'member',
    summary: 'The humidor conditions log', response: ConditionsLog,
  }),
  addConditionReading: route({
    method: 'POST', path: '/api/humidor/conditions', service: 'humidor', access: 'member', status: 201, idempotent: true,
    summary: 'Log a humidity and temperature reading', body: AddConditionReading, response: ConditionsLog,
  }),
  previewHumidorImport: route({
    method: 'POST', path: '/api/humidor/import/preview', service: 'humidor', access: 'member',
    summary: 'Match the rows of a CSV against the catalog, without importing', body: ImportPreviewBody, response: ImportPreview,
  }),
  importHumidor: route({
    method: 'POST', path: '/api/humidor/import', service: 'humidor', access: 'member', status: 201, idempotent: true,
    summary: 'Add matched rows to the humidor, all or nothing', body: ImportBody, response: HumidorList,
    errors: ['UNKNOWN_CIGAR', 'HUMIDOR_LIMIT'],
  }),
  getWishlist: route({
    method: 'GET', path: '/api/wishlist', service: 'humidor', access: 'member', summary: "The member's wishlist", response: WishlistList,
  }),
  addWishlistItem: route({
    method: 'POST', path: '/api/wishlist', service: 'humidor', access: 'member', status: 201, idempotent: true,
    summary: 'Add a cigar to the wishlist', body: AddWishlistItem, response: WishlistItem,
    errors: ['UNKNOWN_CIGAR'],
  }),
  updateWishlistItem: route({
    method: 'PUT', path: '/api/wishlist/{id}', service: 'humidor', access: 'member',
    summary: "Change a wishlist entry's priority or notes", params: IdParams, body: UpdateWishlistItem, response: WishlistItem,
  }),
  deleteWishlistItem: route({
    method: 'DELETE', path: '/api/wishlist/{id}', service: 'humidor', access: 'member',
    summary: 'Remove a wishlist entry', params: IdParams, response: Ok,
  }),
  moveWishlistItem: route({
    method: 'POST', path: '/api/wishlist/{id}/move', service: 'humidor', access: 'member', status: 201, idempotent: true,
    summary: 'Move a wishlist entry into the humidor', params: IdParams, body: MoveWishlistItem, response: HumidorItem,
    errors: ['HUMIDOR_LIMIT'],
  }),
  ...eventRoutes(),
  getAiUsage: route({
    method: 'GET', path: '/api/ai/usage', service: 'ai', access: 'member',
    summary: "Today's VitolAI answers used against the member's daily limit", response: AiUsage,
  }),
  ...vitolAiRoutes(),
  getLearnLibrary: route({
    method: 'GET', path: '/api/learn', service: 'ai', access: 'member',
    summary: 'The Learn library: video cards and masterclasses (the exclusive ones open for premium and trial members only)', response: LearnLibrary,
  }),
  ...billingRoutes(),
  ...supportRoutes(),
  ...marketingRoutes(),
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;

/** VitolAI: the assistant's answers, quick picks and the daily quota (docs/product.md, "VitolAI"). */
function vitolAiRoutes() {
  const ai = 'ai' as const;
  return {
    chatConversation: route({
      method: 'POST', path: '/api/chatbot/conversation', service: ai, access: 'member',
      summary: "VitolAI's answer in a chat (the feed's chat widget): platform help, cigar education, support; not counted against the daily quota",
      body: ConversationBody, response: ChatAnswer, errors: ['RATE_LIMITED'],
    }),
    chatRecommendations: route({
      method: 'POST', path: '/api/chatbot/recommendations', service: ai, access: 'member',
      summary: "A recommendation from VitolAI, grounded in the catalog and the member's own collection and reviews (free members: 3 per UTC day)",
      body: RecommendationBody, response: ChatAnswer, errors: ['AI_DAILY_LIMIT', 'RATE_LIMITED'],
    }),
    streamConversation: route({
      method: 'POST', path: '/api/chatbot/conversation/stream', service: ai, access: 'member', stream: true, text: 'event-stream',
      summary: 'chatConversation, with the answer streamed as it is written', body: ConversationBody, response: ChatAnswer, errors: ['RATE_LIMITED'],
    }),
    streamRecommendations: route({
      method: 'POST', path: '/api/chatbot/recommendations/stream', service: ai, access: 'member', stream: true, text: 'event-stream',
      summary: 'chatRecommendations, with the answer streamed as it is written', body: RecommendationBody, response: ChatAnswer, errors: ['AI_DAILY_LIMIT', 'RATE_LIMITED'],
    }),
    getChatHistory: route({
      method: 'GET', path: '/api/chatbot/sessions/{sessionId}', service: ai, access: 'member',
      summary: "The turns of one of the member's own chats (another member's chat reads as empty)",
      params: z.strictObject({ sessionId: ChatSessionId }), response: ChatHistory,
    }),
    getQuickPicks: route({
      method: 'GET', path: '/api/recommendations/quick', service: ai, access: 'member',
      summary: "Catalog cigars matched to the member's history and preferences, best first, each with a match score and a reason",
      response: QuickPicks,
    }),
    getSmokeNext: route({
      method: 'GET', path: '/api/recommendations/smoke-next', service: ai, access: 'member',
      summary: "What to smoke next from the member's own humidor, with reasons from their scores and the cigars' rest, and a pairing",
      response: SmokeNext,
    }),
    getAiProfile: route({
      method: 'GET', path: '/api/recommendations/profile', service: ai, access: 'member',
      summary: 'The recommendation profile: cigars tried, average rating, preferred strength', response: AiProfile,
    }),
  };
}

/** Billing: the premium plan on the payment provider (Stripe, or the local provider without a key). */
function billingRoutes() {
  const billing = 'billing' as const;
  return {
    getSubscriptionStatus: route({
      method: 'GET', path: '/api/subscription/status', service: billing, access: 'member',
      summary: "The member's plan and entitlement", response: SubscriptionStatus,
    }),
    createSubscription: route({
      method: 'POST', path: '/api/create-subscription', service: billing, access: 'member',
      summary: 'Start (or resume) the $9.99/month premium subscription: the client secret for the payment form',
      response: CreateSubscriptionResult, errors: ['ALREADY_SUBSCRIBED', 'PAYMENTS_UNAVAILABLE'],
    }),
    cancelSubscription: route({
      method: 'POST', path: '/api/cancel-subscription', service: billing, access: 'member',
      summary: 'Cancel the subscription at the end of the paid period (the answer says until when)',
      response: CancelSubscriptionResult, errors: ['NOT_SUBSCRIBED', 'PAYMENTS_UNAVAILABLE'],
    }),
    billingWebhook: route({
      method: 'POST', path: '/api/billing/webhook', service: billing, access: 'public', rawBody: true,
      summary: "The payment provider's signed events (Stripe format); each event id is processed once", response: WebhookAck,
      errors: ['BAD_SIGNATURE', 'PAYMENTS_UNAVAILABLE'],
    }),
    confirmLocalPayment: route({
      method: 'POST', path: '/api/billing/local/confirm', service: billing, access: 'member',
      summary: "The local payment provider's test-mode card confirmation (404 when Stripe is configured)",
      body: LocalConfirmBody, response: LocalConfirmResult, errors: ['PAYMENT_FAILED', 'NOT_FOUND'],
    }),
  };
}

/** Priority support: members write in, owners answer the queue (premium members' requests first). */
function supportRoutes() {
  const identity = 'identity' as const;
  return {
    createSupportRequest: route({
      method: 'POST', path: '/api/support', service: identity, access: 'member', status: 201, idempotent: true,
      summary: 'Send a support request (flagged priority for premium and trial members)', body: SupportRequestBody, response: SupportRequest,
    }),
    getMySupportRequests: route({
      method: 'GET', path: '/api/support', service: identity, access: 'member',
      summary: "The member's own support requests, newest first", response: SupportRequestList,
    }),
    getSupportQueue: route({
      method: 'GET', path: '/api/support/queue', service: identity, access: 'owner',
      summary: 'Owners: every open and resolved support request, open priority ones first', response: SupportRequestList,
    }),
    resolveSupportRequest: route({
      method: 'POST', path: '/api/support/{id}/resolve', service: identity, access: 'owner',
      summary: 'Owners: mark a support request resolved', params: IdParams, response: SupportRequest,
    }),
  };
}

/** The events service: creating, discovering, RSVPs with exact capacity and a waitlist, calendars. */
function eventRoutes() {
  const events = 'events' as const;
  return {
    getEvents: route({
      method: 'GET', path: '/api/events', service: events, access: 'member', query: EventsQuery,
      summary: "Upcoming events, soonest first, a page at a time, each with the caller's RSVP; and the count of past ones", response: EventList,
    }),
    getEvent: route({
      method: 'GET', path: '/api/events/{id}', service: events, access: 'member',
      summary: "An event with the caller's RSVP and the attendees the caller may see", params: IdParams, response: EventDetail,
    }),
    createEvent: route({
      method: 'POST', path: '/api/events', service: events, access: 'member', status: 201, idempotent: true,
      summary: 'Host an event (every event is restricted to adults of legal smoking age)', body: EventForm, response: ClubEvent,
      errors: ['HOSTING_LIMIT', 'EMAIL_UNVERIFIED'],
    }),
    updateEvent: route({
      method: 'PUT', path: '/api/events/{id}', service: events, access: 'member',
      summary: "Edit one's own event (attendees are notified)", params: IdParams, body: EventForm, response: ClubEvent,
      errors: ['EVENT_STARTED', 'EVENT_FULL'],
    }),
    cancelEvent: route({
      method: 'DELETE', path: '/api/events/{id}', service: events, access: 'member',
      summary: "Cancel one's own event (attendees are notified)", params: IdParams, response: Ok,
    }),
    rsvp: route({
      method: 'POST', path: '/api/events/{id}/rsvp', service: events, access: 'member',
      summary: "Answer going, interested or not going; 'going' on a full event joins the waitlist (409 EVENT_FULL)", params: IdParams,
      body: RsvpBody, response: ClubEvent,
      errors: ['EVENT_FULL', 'EVENT_STARTED', 'EMAIL_UNVERIFIED'],
    }),
    getEventCalendar: route({
      method: 'GET', path: '/api/events/{id}/ics', service: events, access: 'member', text: 'calendar',
      summary: 'The event as an iCalendar file (RFC 5545) for any calendar app, its own words in `lang` (else Accept-Language)',
      params: IdParams, query: EventCalendarQuery, response: z.string(),
    }),
  };
}

/** Direct messages and blocking, in the social service (services/social/README.md, "Messages", "Blocking"). */
function messageRoutes() {
  const social = 'social' as const;
  return {
    sendMessage: route({
      method: 'POST', path: '/api/messages', service: social, access: 'member', status: 201, idempotent: true,
      summary: `Send a member a direct message; their 'Direct messages from' setting decides. ${MESSAGE_LIMITS.perHour} an hour, ${MESSAGE_LIMITS.newConversationsPerDay.free} new conversations a day on the free plan`,
      body: NewMessage, response: Message,
      errors: ['SELF_MESSAGE', 'MESSAGES_CLOSED', 'EMAIL_UNVERIFIED', 'MESSAGE_LIMIT', 'NOT_FOUND'],
    }),
    listConversations: route({
      method: 'GET', path: '/api/messages', service: social, access: 'member', query: CursorQuery,
      summary: "The member's conversations, the most recent first, each with the other member, the last message and its unread count",
      response: ConversationPage,
    }),
    getUnreadMessages: route({
      method: 'GET', path: '/api/messages/unread', service: social, access: 'member',
      summary: "The member's unread direct messages, in all", response: UnreadMessages,
    }),
    getThread: route({
      method: 'GET', path: '/api/messages/{memberId}', service: social, access: 'member', params: MemberParams, query: CursorQuery,
      summary: 'The thread with a member, newest first (only its two members read it)', response: MessageThread,
    }),
    markThreadRead: route({
      method: 'POST', path: '/api/messages/{memberId}/read', service: social, access: 'member', params: MemberParams,
      summary: "Mark the thread with a member read; answers the member's unread messages left", response: ThreadRead,
    }),
    deleteMessage: route({
      method: 'DELETE', path: '/api/messages/{memberId}/{messageId}', service: social, access: 'member', params: MessageParams,
      summary: "Remove one of the member's own messages (both see 'Message removed')", response: Message,
    }),
    blockMember: route({
      method: 'POST', path: '/api/members/{id}/block', service: social, access: 'member', params: IdParams,
      summary: 'Block a member: neither sees, follows, comments on or messages the other (follows between them end)',
      response: BlockResult, errors: ['SELF_BLOCK'],
    }),
    unblockMember: route({
      method: 'DELETE', path: '/api/members/{id}/block', service: social, access: 'member', params: IdParams,
      summary: 'Unblock a member', response: BlockResult, errors: ['SELF_BLOCK'],
    }),
    listBlocked: route({
      method: 'GET', path: '/api/members/blocked', service: social, access: 'member',
      summary: 'The members the member blocked, the most recent first', response: BlockedList,
    }),
  };
}

/** The social service: feed, posts, likes, comments, follows, profiles, reviews, notifications, moderation. */
function socialRoutes() {
  const social = 'social' as const;
  return {
    getFeed: route({
      method: 'GET', path: '/api/feed', service: social, access: 'member', query: CursorQuery,
      summary: 'A page of posts of the member and the members they follow, newest first', response: PostPage,
    }),
    getDiscover: route({
      method: 'GET', path: '/api/feed/discover', service: social, access: 'member',
      summary: 'Discover Community: recent popular posts of public profiles', response: PostList,
    }),
    createPost: route({
      method: 'POST', path: '/api/posts', service: social, access: 'member', status: 201, idempotent: true,
      summary: "Share a post (an 'image' post carries an uploaded picture)", body: NewPost, response: Post,
      errors: ['INVALID_UPLOAD', 'EMAIL_UNVERIFIED'],
    }),
    deletePost: route({
      method: 'DELETE', path: '/api/posts/{id}', service: social, access: 'member',
      summary: "Delete one's own post", params: IdParams, response: Ok,
    }),
    toggleLike: route({
      method: 'POST', path: '/api/posts/{id}/like', service: social, access: 'member',
      summary: 'Like a post, or take the like back', params: IdParams, response: LikeResult,
    }),
    listComments: route({
      method: 'GET', path: '/api/posts/{id}/comments', service: social, access: 'member',
      summary: "A post's comments, oldest first", params: IdParams, response: CommentList,
    }),
    addComment: route({
      method: 'POST', path: '/api/posts/{id}/comments', service: social, access: 'member', status: 201, idempotent: true,
      summary: 'Comment on a post', params: IdParams, body: NewComment, response: Comment,
      errors: ['EMAIL_UNVERIFIED'],
    }),
    deleteComment: route({
      method: 'DELETE', path: '/api/posts/{id}/comments/{commentId}', service: social, access: 'member',
      summary: "Delete one's own comment", params: CommentParams, response: Ok,
    }),
    follow: route({
      method: 'POST', path: '/api/follow/{id}', service: social, access: 'member',
      summary: 'Follow a member (following twice is one follow)', params: IdParams, response: FollowResult,
      errors: ['SELF_FOLLOW', 'FOLLOWS_CLOSED'],
    }),
    unfollow: route({
      method: 'DELETE', path: '/api/follow/{id}', service: social, access: 'member',
      summary: 'Stop following a member', params: IdParams, response: FollowResult,
      errors: ['SELF_FOLLOW'],
    }),
    getFollowStatus: route({
      method: 'GET', path: '/api/follow-status/{id}', service: social, access: 'member',
      summary: 'Whether the member follows another', params: IdParams, response: FollowStatus,
    }),
    getUser: route({
      method: 'GET', path: '/api/users/{id}', service: social, access: 'member',
      summary: "A member's public profile (privacy settings honoured)", params: IdParams, response: PublicProfile,
    }),
    getUserPosts: route({
      method: 'GET', path: '/api/users/{id}/posts', service: social, access: 'member', query: CursorQuery,
      summary: "A member's posts, newest first (privacy settings honoured)", params: IdParams, response: PostPage,
    }),
    getUserReviews: route({
      method: 'GET', path: '/api/users/{id}/reviews', service: social, access: 'member',
      summary: "A member's reviews, newest first (privacy settings honoured)", params: IdParams, response: ReviewList,
    }),
    createReview: route({
      method: 'POST', path: '/api/reviews', service: social, access: 'member', status: 201, idempotent: true,
      summary: 'Review a catalog cigar: draw, burn, flavor and overall scores (0-100), flavor tags, notes and up to 4 uploaded photos', body: NewReview, response: Review,
      errors: ['UNKNOWN_CIGAR', 'EMAIL_UNVERIFIED', 'INVALID_UPLOAD'],
    }),
    deleteReview: route({
      method: 'DELETE', path: '/api/reviews/{id}', service: social, access: 'member',
      summary: "Delete one's own review", params: IdParams, response: Ok,
    }),
    getCigarReviews: route({
      method: 'GET', path: '/api/cigars/{id}/reviews', service: social, access: 'member',
      summary: "A cigar's reviews, newest first", params: IdParams, response: ReviewList,
    }),
    getSmokingHistory: route({
      method: 'GET', path: '/api/user/smoking-history', service: social, access: 'member',
      summary: "The member's smoking history: their reviews, newest first", response: SmokingHistory,
    }),
    getSuggestedMembers: route({
      method: 'GET', path: '/api/members/suggested', service: social, access: 'member', query: TastesQuery,
      summary: "Members to follow: the club's active members, those who review what the given tastes name first; never oneself, a member already followed or blocked either way",
      response: SuggestedMembers,
    }),
    getNotifications: route({
      method: 'GET', path: '/api/notifications', service: social, access: 'member',
      summary: "The bell: the member's latest notifications and the unread count", response: NotificationList,
    }),
    markNotificationsRead: route({
      method: 'POST', path: '/api/notifications/read', service: social, access: 'member',
      summary: 'Mark notifications read (all of them when no ids are given)', body: MarkNotificationsRead, response: MarkedRead,
    }),
    createReport: route({
      method: 'POST', path: '/api/reports', service: social, access: 'member', status: 201, idempotent: true,
      summary: 'Report a post, comment, review or member to the moderators', body: NewReport, response: Report,
      errors: ['NOT_FOUND'],
    }),
    listReports: route({
      method: 'GET', path: '/api/reports', service: social, access: 'owner',
      summary: 'The moderation queue, newest first', response: ReportList,
    }),
    resolveReport: route({
      method: 'POST', path: '/api/reports/{id}/resolve', service: social, access: 'owner',
      summary: 'Hide the reported content, or dismiss the report', params: IdParams, body: ResolveReport, response: Report,
    }),
  };
}

/**
 * The member's data export: each service answers for what it holds, the web joins the parts into one
 * JSON download. identity's part is at the contract path /api/user/export.
 */
function exportRoutes() {
  const part = <S extends ServiceName>(service: S, path: `/api/${string}`) =>
    route({ method: 'GET', path, service, access: 'member', summary: `The member's data held by ${service}`, response: ExportPart });
  return {
    exportIdentity: part('identity', '/api/user/export'),
    exportSocial: part('social', '/api/export/social'),
    exportHumidor: part('humidor', '/api/export/humidor'),
    exportEvents: part('events', '/api/export/events'),
    exportAi: part('ai', '/api/export/ai'),
    exportBilling: part('billing', '/api/export/billing'),
    exportMarketing: part('marketing', '/api/export/marketing'),
  };
}
export type OperationId = keyof Routes;
export type OperationsOf<S extends ServiceName> = {
  [K in OperationId]: Routes[K]['service'] extends S ? K : never;
}[OperationId];

export const routeList = (Object.entries(routes) as [OperationId, RouteDef][]).map(([id, r]) => ({ id, ...r }));
/** Services with streamed routes: they have a stream function (services/<name>/src/stream.ts) beside the HTTP one. */
export function servicesWithStream(): ServiceName[] {
  return [...new Set(Object.values(routes as Record<string, RouteDef>).filter((r) => r.stream).map((r) => r.service))];
}

export function routesOf(service: ServiceName) {
  return routeList.filter((r) => r.service === service);
}
/** API Gateway route key, e.g. "GET /api/posts/{id}" */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

/** The owner's marketing area (docs/marketing.md); every route but the visit beacon is owner-only. */
function marketingRoutes() {
  const marketing = 'marketing' as const;
  return {
    recordVisit: route({
      method: 'POST', path: VISITS_PATH, service: marketing, access: 'public',
      summary: "A landing-page visit, with where it came from (the funnel's visitors and a campaign's visits): a browser counts once a day, an address a bounded number of times",
      body: VisitBody, response: Ok, errors: ['RATE_LIMITED'],
    }),
    getMarketingDashboard: route({
      method: 'GET', path: '/api/marketing/dashboard', service: marketing, access: 'owner',
      summary: 'Campaign and lead statistics for the owner (polled every 30 s)', response: MarketingDashboard,
    }),
    getMarketingAnalytics: route({
      method: 'GET', path: '/api/marketing/analytics', service: marketing, access: 'owner',
      summary: 'Sign-ups, trials, conversions and visits per day, the funnel, and lead sources', response: MarketingAnalytics,
    }),
    listCampaigns: route({
      method: 'GET', path: '/api/marketing/campaigns', service: marketing, access: 'owner',
      summary: 'Every campaign, newest first, with its numbers and its last ranking', response: z.object({ items: z.array(Campaign) }),
    }),
    createCampaign: route({
      method: 'POST', path: '/api/marketing/campaigns', service: marketing, access: 'owner', status: 201, idempotent: true,
      summary: 'Create a campaign, written by the owner or drafted by the AI provider from the club\'s numbers (`generate: true`)',
      body: CreateCampaignBody, response: Campaign,
    }),
    updateCampaign: route({
      method: 'PUT', path: '/api/marketing/campaigns/{id}', service: marketing, access: 'owner',
      summary: "Change a campaign's name, description, objective, type or status", params: IdParams, body: UpdateCampaignBody, response: Campaign,
    }),
    saveCampaignEmail: route({
      method: 'PUT', path: '/api/marketing/campaigns/{id}/email', service: marketing, access: 'owner',
      summary: "Write or change a campaign's email (subject and body; the campaign's link and the unsubscribe footer are added)",
      params: IdParams, body: CampaignEmailBody, response: Campaign, errors: ['EMAIL_ALREADY_SENT'],
    }),
    previewCampaignEmail: route({
      method: 'GET', path: '/api/marketing/campaigns/{id}/email/preview', service: marketing, access: 'owner',
      summary: "The campaign's email as a member receives it: subject, text and HTML parts", params: IdParams, response: CampaignEmailPreview,
    }),
    testCampaignEmail: route({
      method: 'POST', path: '/api/marketing/campaigns/{id}/email/test', service: marketing, access: 'owner', status: 202,
      summary: "Send the campaign's email to the owner's own verified address", params: IdParams, response: Ok, errors: ['NO_VERIFIED_ADDRESS'],
    }),
    sendCampaignEmail: route({
      method: 'POST', path: '/api/marketing/campaigns/{id}/email/send', service: marketing, access: 'owner', status: 202,
      summary: 'Send the email once to every member who accepts marketing emails at a verified address, in pages within SES\'s rate',
      params: IdParams, response: CampaignEmailSend, errors: ['EMAIL_ALREADY_SENT'],
    }),
    getCampaignAnalytics: route({
      method: 'GET', path: '/api/marketing/campaigns/{id}', service: marketing, access: 'owner',
      summary: "A campaign's own numbers: visits, sign-ups and conversions per day, its audience and its leads", params: IdParams, response: CampaignAnalytics,
    }),
    listAutomations: route({
      method: 'GET', path: '/api/marketing/automations', service: marketing, access: 'owner',
      summary: 'The scheduled automations: whether each is running, its last runs with duration and outcome', response: Automations,
    }),
    runAutomation: route({
      method: 'POST', path: '/api/marketing/automation/run', service: marketing, access: 'owner', status: 202,
      summary: 'Start an automation now (it runs in the background; one run of each at a time)', body: RunAutomationBody, response: AutomationRun,
      errors: ['AUTOMATION_RUNNING'],
    }),
    listDrafts: route({
      method: 'GET', path: '/api/marketing/drafts', service: marketing, access: 'owner',
      summary: 'Content drafts written by daily_content_generation, newest first', response: ContentDrafts,
    }),
    updateDraft: route({
      method: 'PUT', path: '/api/marketing/drafts/{id}', service: marketing, access: 'owner',
      summary: "Edit a draft's title and text", params: IdParams, body: UpdateDraftBody, response: ContentDraft, errors: ['DRAFT_CLOSED'],
    }),
    publishDraft: route({
      method: 'POST', path: '/api/marketing/drafts/{id}/publish', service: marketing, access: 'owner',
      summary: "Publish a draft: a community post in the owner's name, or an active campaign", params: IdParams, response: ContentDraft, errors: ['DRAFT_CLOSED'],
    }),
    discardDraft: route({
      method: 'POST', path: '/api/marketing/drafts/{id}/discard', service: marketing, access: 'owner',
      summary: 'Set a draft aside', params: IdParams, response: ContentDraft, errors: ['DRAFT_CLOSED'],
    }),
  };
}
