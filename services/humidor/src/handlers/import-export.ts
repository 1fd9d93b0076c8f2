import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { memoUntilFailure } from '@torcedor/service-kit/memo';
import { countBusiness } from '@torcedor/service-kit/observability';
import type { Routes } from '@torcedor/shared/routes';
import { addItems } from '../store/items.ts';
import { exportMember } from '../store/member.ts';
import { searchIndexes } from '../store/search-index.ts';
import { capOf, cigarOr400, limitReached } from './common.ts';

/**
 * The CSV reading, imported once on the first preview from its layer module (`@torcedor/humidor/member-import`, see
 * shared/src/runtime.ts): a function instance that previews no import never loads it.
 */
const loadMemberImport: () => Promise<typeof import('../member-import/index.ts')> = memoUntilFailure(() => import('@torcedor/humidor/member-import'));

/** A humidor CSV's rows matched against the catalog and checked, nothing stored. */
export const previewHumidorImport: RouteHandler<Routes['previewHumidorImport']> = async ({ body }) => {
  const [{ previewImport }, indexes] = await Promise.all([loadMemberImport(), searchIndexes()]);
  return { rows: previewImport(body.csv, indexes.cigars) };
};

/** Imports checked rows into the humidor, within the cap (a capped import is all or nothing). */
export const importHumidor: RouteHandler<Routes['importHumidor']> = async ({ session, body, idempotencyKey }) => {
  const rows = await Promise.all(body.rows.map(async (r, i) => ({
    id: idempotencyKey ? keyedId(session.userId, idempotencyKey, `row${i}`) : undefined,
    cigar: await cigarOr400(r.cigarId),
    fields: { quantity: r.quantity, pricePaid: r.pricePaid, location: r.location, boxDate: r.boxDate, status: 'owned' as const, notes: null, currentPrice: null, readyOn: null },
  })));
  const added = await addItems(session.userId, rows, await capOf(session.userId));
  if (!added.ok) throw limitReached();
  countBusiness('HumidorImports');
  countBusiness('HumidorAdds', added.items.length);
  return added.items;
};

/** humidor's part of the member's export. */
export const exportHumidor: RouteHandler<Routes['exportHumidor']> = async ({ session }) => exportMember(session.userId);
