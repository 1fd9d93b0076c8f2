import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { useEffect } from 'react';
import { formatDateTime } from '@/lib/date-time';
import { useSavedCopyAt } from '@/lib/saved-copy';

/** The notice's text: when the copy shown was saved (docs/installable.md), in the app's language (call it while rendering). */
export function savedCopyText(at: Date): string {
  const when = formatDateTime(at);
  return t`Saved copy from ${when} — you are offline`;
}

/**
 * How often the page tries the network again while it shows a saved copy and the browser says it is online (a
 * connection without internet, or a return to the network the browser did not announce with an 'online' event).
 */
export const SAVED_COPY_RETRY_MS = 15_000;

/**
 * Says that the page shows a saved copy of `paths` (the API reads it shows, answered by the service worker's copy
 * because the network did not answer) and from when; nothing while every read came from the network. When the
 * browser is back online (its 'online' event, the page shown again, or every SAVED_COPY_RETRY_MS while it says it
 * is online) the page's reads are made again, and the notice goes with the first fresh answers.
 */
export function SavedCopyNotice({ paths }: { paths: readonly string[] }) {
  useLingui(); // re-rendered in a new language
  const at = useSavedCopyAt(paths);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!at) return;
    const back = () => void queryClient.refetchQueries({ type: 'active' });
    const shown = () => {
      if (document.visibilityState === 'visible') back();
    };
    const retry = setInterval(() => {
      if (navigator.onLine) back();
    }, SAVED_COPY_RETRY_MS);
    addEventListener('online', back);
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(retry);
      removeEventListener('online', back);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [at, queryClient]);
  if (!at) return null;
  return (
    <p role="status" className="flex items-center gap-2 rounded-md border border-primary/40 bg-surface px-3 py-2 text-sm text-fg">
      <CloudOff className="h-4 w-4 shrink-0 text-primary" aria-hidden />
      {savedCopyText(at)}
    </p>
  );
}
