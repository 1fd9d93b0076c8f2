import * as z from 'zod';

/** Error body of every non-success answer; `code` is one of shared/src/errors.ts (docs/api.md). */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Invalid id');
export const IdParams = z.object({ id: Id });
export const IsoDateTime = z.iso.datetime({ offset: true });
/** A calendar date 'YYYY-MM-DD' that exists. */
export const IsoDate = z.iso.date();
export const Empty = z.object({}).strict();
export const Ok = z.object({ ok: z.literal(true) });

export const Health = z.object({ status: z.literal('ok') });
const DependencyState = z.enum(['ok', 'degraded', 'down']);
/** Readiness for operators and the local stack: each dependency's state and how long it took to answer. */
export const Readiness = z.object({
  status: DependencyState,
  checkedAt: z.string(),
  dependencies: z.array(z.object({ name: z.string(), status: DependencyState, latencyMs: z.number().nonnegative(), error: z.string().optional() })),
});
/** The OpenAPI document is described loosely: it is a generated JSON object. */
export const OpenApiDocument = z.record(z.string(), z.unknown());

/** One service's part of a member's data export: every item it holds of the member. */
export const ExportPart = z.object({
  service: z.string(),
  exportedAt: z.string(),
  items: z.array(z.record(z.string(), z.unknown())),
});

/**
 * A link a member or the catalog supplies, shown to members: only http(s) (never javascript:, data: or file:),
 * at most 2,048 characters.
 */
export const WebUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'Must be an http(s) web address' }).max(2048);
