import { randomUUID } from 'node:crypto';
import { badRequest, notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { countBusiness } from '@torcedor/service-kit/observability';
import type { Routes } from '@torcedor/shared/routes';
import { authorOf, readAudience, sees } from '../data/audience.ts';
import { isPremiumAuthor, readAuthors } from '../data/authors.ts';
import { getCigarCopy } from '../data/cigars.ts';
import { allowedTypes, listNotifications, markRead } from '../data/notifications.ts';
import * as reports from '../data/reports.ts';
import * as reviews from '../data/reviews.ts';

export const createReview: RouteHandler<Routes['createReview']> = async ({ session, body, idempotencyKey }) => {
  const cigar = await getCigarCopy(body.cigarId);
  if (!cigar) throw badRequest('Unknown cigar', [{ path: ['cigarId'], message: 'No cigar with this id in the catalog' }], 'UNKNOWN_CIGAR');
  const r: reviews.ReviewItem = {
    reviewId: idempotencyKey ? keyedId(session.userId, idempotencyKey, 'review') : randomUUID(), userId: session.userId,
    cigarId: cigar.cigarId, brandName: cigar.brandName, cigarName: cigar.name, cigarVitola: cigar.vitola,
    drawScore: body.drawScore, burnScore: body.burnScore, flavorScore: body.flavorScore, overallScore: body.overallScore,
    flavorTags: [...new Set(body.flavorTags)], notes: body.notes, createdAt: new Date().toISOString(),
  };
  const [, authors] = await Promise.all([reviews.createReview(r), readAuthors([session.userId])]);
  countBusiness('ReviewsCreated');
  const me = authors.get(session.userId)!;
  return reviews.reviewView(r, me, me.contentFilter);
};

export const deleteReview: RouteHandler<Routes['deleteReview']> = async ({ session, params }) => {
  await reviews.deleteReview(session.userId, params.id);
  return { ok: true as const };
};

export const getCigarReviews: RouteHandler<Routes['getCigarReviews']> = async ({ session, params }) => {
  const list = await reviews.reviewsOfCigar(params.id);
  const audience = await readAudience(session.userId, list.map((r) => r.userId));
  return list
    .filter((r) => sees(audience, r.userId))
    .map((r) => reviews.reviewView(r, authorOf(audience, r.userId), audience.viewer.contentFilter));
};

export const getSmokingHistory: RouteHandler<Routes['getSmokingHistory']> = async ({ session }) =>
  (await reviews.reviewsBy(session.userId)).map((r) => ({
    reviewId: r.reviewId, cigarId: r.cigarId, brandName: r.brandName, cigarName: r.cigarName, cigarVitola: r.cigarVitola ?? null,
    rating: r.overallScore, flavorTags: r.flavorTags ?? [], smokedAt: r.createdAt,
  }));

export const getNotifications: RouteHandler<Routes['getNotifications']> = async ({ session }) => {
  const me = (await readAuthors([session.userId])).get(session.userId)!;
  const { items, unreadCount } = await listNotifications(session.userId, allowedTypes(me));
  const actors = await readAudience(session.userId, items.map((i) => String(i.actorId)));
  return {
    unreadCount,
    items: items.map((i) => {
      const a = authorOf(actors, String(i.actorId));
      // A comment's excerpt is the commenter's content: quoted only to one who may see it (domain/visibility.ts).
      const quoted = i.type !== 'comment' || sees(actors, a.userId);
      return {
        id: String(i.id), type: i.type as 'follow', actorId: a.userId, actorName: a.displayName, actorImageUrl: a.profileImageUrl, actorPremium: isPremiumAuthor(a),
        targetId: (i.targetId as string | null) ?? null, excerpt: quoted ? ((i.excerpt as string | null) ?? null) : null, read: i.read === true, createdAt: String(i.createdAt),
      };
    }),
  };
};

export const markNotificationsRead: RouteHandler<Routes['markNotificationsRead']> = async ({ session, body }) => {
  const me = (await readAuthors([session.userId])).get(session.userId)!;
  return { unreadCount: await markRead(session.userId, body.ids, allowedTypes(me)) };
};

export const createReport: RouteHandler<Routes['createReport']> = async ({ session, body, idempotencyKey }) => {
  const target = await reports.readTarget(body.targetType, body.targetId);
  if (!target) throw notFound('Reported content not found');
  const r: reports.ReportItem = {
    reportId: idempotencyKey ? keyedId(session.userId, idempotencyKey, 'report') : randomUUID(), targetType: body.targetType,
    targetId: body.targetId, reason: body.reason, reporterId: session.userId, excerpt: target.excerpt, status: 'open',
    createdAt: new Date().toISOString(),
  };
  const [, audience] = await Promise.all([reports.createReport(r), readAudience(session.userId, target.authorIds)]);
  // The moderators' queue keeps the excerpt; the reporter is quoted only what they may read (domain/visibility.ts).
  const readable = !target.hidden && target.authorIds.every((id) => sees(audience, id));
  return reportView({ ...r, excerpt: readable ? r.excerpt : null }, audience.viewer.displayName);
};

const reportView = (r: reports.ReportItem, reporterName: string) => ({
  id: r.reportId, targetType: r.targetType, targetId: r.targetId, reason: r.reason, reporterId: r.reporterId, reporterName,
  excerpt: r.excerpt, status: r.status, createdAt: r.createdAt,
});

export const listReports: RouteHandler<Routes['listReports']> = async () => {
  const list = await reports.listReports();
  const names = await readAuthors(list.map((r) => r.reporterId));
  return list.map((r) => reportView(r, names.get(r.reporterId)!.displayName));
};

export const resolveReport: RouteHandler<Routes['resolveReport']> = async ({ params, body }) => {
  const report = await reports.getReport(params.id);
  if (!report) throw notFound('Report not found');
  const done = await reports.resolveReport(report, body.action);
  const names = await readAuthors([done.reporterId]);
  return reportView(done, names.get(done.reporterId)!.displayName);
};
