import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod';
import { conditionsQuery } from '@/features/humidor/api/get-conditions';
import { humidorQuery } from '@/features/humidor/api/get-humidor';
import { humidorSummaryQuery } from '@/features/humidor/api/get-humidor-summary';
import { wishlistQuery } from '@/features/humidor/api/get-wishlist';
import { HumidorPage } from '@/features/humidor/components/humidor-page';

/** `add`: a catalog cigar id to open Add Cigar with (sent by the search page). */
const Search = z.object({ add: z.string().min(1).max(80).optional().catch(undefined) });

export const Route = createFileRoute('/_authenticated/humidor')({
  validateSearch: Search,
  loader: ({ context: { queryClient } }) => Promise.all([
    queryClient.ensureQueryData(humidorQuery),
    queryClient.ensureQueryData(humidorSummaryQuery),
    queryClient.ensureQueryData(wishlistQuery),
    queryClient.ensureQueryData(conditionsQuery),
  ]),
  component: Humidor,
});

function Humidor() {
  const { add } = Route.useSearch();
  const navigate = useNavigate({ from: '/humidor' });
  return <HumidorPage key={add ?? ''} addCigarId={add} onAddClosed={() => void (add && navigate({ search: {}, replace: true }))} />;
}
