import { randomUUID } from 'node:crypto';
import { notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import type { Routes } from '@torcedor/shared/routes';
import { sees } from '../domain/audience.ts';
import { quotable, reportView, type ReportItem } from '../domain/reports.ts';
import { readAudience } from '../store/audience.ts';
import { readAuthor, readAuthors } from '../store/authors.ts';
import * as reports from '../store/reports.ts';

/**
 * Files a report, whatever the reporter may see: the moderators' queue keeps the excerpt; the reporter is quoted
 * only what they may read (domain/reports.ts#quotable).
 */
export const createReport: RouteHandler<Routes['createReport']> = async ({ session, body, idempotencyKey }) => {
  const target = await reports.readTarget(body.targetType, body.targetId, session.userId);
  if (!target) throw notFound('Reported content not found');
  const r: ReportItem = {
    reportId: idempotencyKey ? keyedId(session.userId, idempotencyKey, 'report') : randomUUID(), targetType: body.targetType,
    targetId: body.targetId, reason: body.reason, reporterId: session.userId, excerpt: target.excerpt, status: 'open',
    createdAt: new Date().toISOString(),
  };
  const [, audience] = await Promise.all([reports.createReport(r), readAudience(session.userId, target.authorIds)]);
  const readable = quotable(target, (id) => sees(audience, id));
  return reportView({ ...r, excerpt: readable ? r.excerpt : null }, audience.viewer.displayName);
};

export const listReports: RouteHandler<Routes['listReports']> = async () => {
  const list = await reports.listReports();
  const names = await readAuthors(list.map((r) => r.reporterId));
  return list.map((r) => reportView(r, names.get(r.reporterId)!.displayName));
};

export const resolveReport: RouteHandler<Routes['resolveReport']> = async ({ params, body }) => {
  const report = await reports.getReport(params.id);
  if (!report) throw notFound('Report not found');
  const done = await reports.resolveReport(report, body.action);
  if (!done) throw notFound('Reported content not found');
  return reportView(done, (await readAuthor(done.reporterId)).displayName);
};
