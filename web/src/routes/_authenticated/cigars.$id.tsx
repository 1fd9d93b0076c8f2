import { createFileRoute, notFound, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { cigarQuery } from '@/features/cigars/api/get-cigar';
import { cigarReviewsQuery } from '@/features/cigars/api/get-cigar-reviews';
import { CigarNotFound, CigarPage } from '@/features/cigars/components/cigar-page';
import { ApiError } from '@/lib/api-client';
import { oneOf } from '@/lib/search-params';

/** What the cigar read answers for an unknown cigar (400: an id that cannot be one). */
const isMissing = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

/** `review=1` opens 'Write a Review', so /cigars/{id}?review=1 is a shareable link to it. Any other value is ignored. */
const validateSearch = (s: { review?: 1 } & SearchSchemaInput): { review?: 1 } => ({ review: oneOf(s.review, [1]) });

export const Route = createFileRoute('/_authenticated/cigars/$id')({
  validateSearch,
  loader: async ({ context: { queryClient }, params: { id } }) => {
    const [cigar, reviews] = await Promise.allSettled([
      queryClient.ensureQueryData(cigarQuery(id)),
      queryClient.ensureQueryData(cigarReviewsQuery(id)),
    ]);
    // No such cigar (or an id that cannot be one): this route's not-found, not an error screen.
    if (cigar.status === 'rejected') throw isMissing(cigar.reason) ? notFound() : cigar.reason;
    if (reviews.status === 'rejected') throw reviews.reason;
  },
  notFoundComponent: CigarNotFound,
  component: Cigar,
});

function Cigar() {
  const { id } = Route.useParams();
  const { review } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const setReviewOpen = (open: boolean) =>
    void navigate({ search: (prev) => ({ ...prev, review: open ? 1 : undefined }), replace: true, resetScroll: false });
  return <CigarPage key={id} id={id} reviewOpen={review === 1} onReviewOpenChange={setReviewOpen} />;
}
