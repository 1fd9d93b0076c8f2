import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { UnsubscribePage } from '@/features/email/components/unsubscribe-page';
import { text } from '@/lib/search-params';

/**
 * `token`: the signed token of an email's unsubscribe link (services/kit/src/mail-links.ts). Read as plain text here,
 * never failing the page: every route's `validateSearch` is in the first bundle, which holds no zod (docs/decisions.md,
 * "First screen"), so the page checks it with the shared UnsubscribeQuery and shows the invalid-link message for a
 * missing or unfit one. Public, as the legal pages: no sign-in, no age gate.
 */
type Search = { token?: string };
const validateSearch = (s: Search & SearchSchemaInput): Search => ({ token: text(s.token, 4096) });

export const Route = createFileRoute('/unsubscribe')({ validateSearch, component: Unsubscribe });

function Unsubscribe() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}
