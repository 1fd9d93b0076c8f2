import { createFileRoute, stripSearchParams, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { reportsQuery } from '@/features/moderation/api/list-reports';
import { ModerationPage } from '@/features/moderation/components/moderation-page';
import { STATUS_FILTERS, type StatusFilter } from '@/features/moderation/components/status-filters';
import { oneOf } from '@/lib/search-params';

const DEFAULTS = { status: 'open' } as const;

/** `status`: the queue's filter, so a reload or a shared link shows the same view; anything else reads as Open. */
const validateSearch = (s: { status?: StatusFilter } & SearchSchemaInput): { status: StatusFilter } => ({ status: oneOf(s.status, STATUS_FILTERS, DEFAULTS.status) });

/**
 * Owners only: like /marketing, the route checks the member in its context; a non-owner is told the area is
 * restricted (and nothing is loaded: the API answers them 403 anyway).
 */
export const Route = createFileRoute('/_authenticated/moderation')({
  validateSearch,
  search: { middlewares: [stripSearchParams(DEFAULTS)] },
  loader: ({ context }) => (context.user.isOwner ? context.queryClient.ensureQueryData(reportsQuery) : undefined),
  component: Moderation,
});

function Moderation() {
  const { status } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return <ModerationPage status={status} onStatusChange={(s) => void navigate({ search: { status: s }, resetScroll: false })} />;
}
