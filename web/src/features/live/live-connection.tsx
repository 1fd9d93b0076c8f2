import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '@/lib/current-user';
import { useLiveSocket } from './use-live-socket';

/** Holds the tab's live socket open while a member is signed in (mounted once, by the root route). Renders nothing. */
export function LiveConnection() {
  const { data: user } = useQuery(currentUserQuery);
  useLiveSocket(user?.id);
  return null;
}
