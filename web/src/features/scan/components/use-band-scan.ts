import { t } from '@lingui/core/macro';
import type { RouteResponse } from '@torcedor/shared/route';
import type { routes } from '@torcedor/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useIdentifyCigar } from '../api/identify-cigar';
import { useIdentifyCigarImage } from '../api/identify-cigar-image';
import { bandCatalogQuery } from '../api/get-band-catalog';
import type { BandPhoto } from '../lib/capture';
import type { ScanProgress } from '../lib/ocr';
import { cleanBandText, hasReadableText, type BandReading } from '../lib/pipeline';

type Match = RouteResponse<typeof routes.identifyCigar>['items'][number];
export type Phase =
  | { kind: 'ready' }
  | { kind: 'reading'; progress: ScanProgress }
  | { kind: 'identifying'; text: string }
  | {
    kind: 'matched'; text: string; items: Match[]; seen?: RouteResponse<typeof routes.identifyCigarImage>['seen'];
    /** Matched on the device against the saved catalog: the server did not answer (docs/band-scan.md, "Offline"). */
    offline?: true;
  }
  | { kind: 'unreadable'; text: string }
  | { kind: 'failed'; text: string; message: string };

/** The scan's own failures, in the active language (each read when it happens). */
export const SCAN_MESSAGES = {
  get readFailed() { return t`The band could not be read on this device. Try again, or choose a clearer photo.`; },
  get identifyFailed() { return t`The cigar could not be identified. Please try again.`; },
  get secondOpinionFailed() { return t`The second opinion is not available right now`; },
};

/**
 * A band scan from photo to matches: the photo taken, read on the device by `reader` (with progress), its text looked
 * up in the catalog; then, on request, the photo sent for the server's second opinion (with upload progress). Try
 * again (`again`) starts over, and a newer scan makes the older one's late answers void.
 */
export function useBandScan(reader: { read: (photo: BandPhoto, onProgress: (p: ScanProgress) => void) => Promise<BandReading> }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const [photo, setPhoto] = useState<BandPhoto | null>(null);
  const [visionAvailable, setVisionAvailable] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const identify = useIdentifyCigar();
  const queryClient = useQueryClient();
  /**
   * The band's matches on this device, from the catalog rows the service worker kept (null when none were kept): what a
   * scan shows when the server does not answer, offline above all.
   */
  const matchOnDevice = async (text: string): Promise<Match[] | null> => {
    try {
      const [catalog, { matchOffline }] = await Promise.all([queryClient.fetchQuery(bandCatalogQuery), import('../lib/offline-match')]);
      return matchOffline(text, catalog);
    } catch {
      return null;
    }
  };
  const secondOpinion = useIdentifyCigarImage();
  /** The current scan: a newer one (Try again) makes the older one's late answers void. */
  const run = useRef(0);

  const scan = async (take: Promise<BandPhoto>) => {
    const id = ++run.current;
    const current = () => run.current === id;
    setPhase({ kind: 'reading', progress: { stage: 'loading', progress: 0, attempt: 1, attempts: 1 } });
    let taken: BandPhoto;
    try {
      taken = await take;
    } catch (e) {
      if (current()) setPhase({ kind: 'failed', text: '', message: e instanceof Error ? e.message : SCAN_MESSAGES.readFailed });
      return;
    }
    if (!current()) return;
    setPhoto(taken);
    let text: string;
    try {
      const reading = await reader.read(taken, (progress) => { if (current()) setPhase({ kind: 'reading', progress }); });
      text = cleanBandText(reading.text);
    } catch {
      if (current()) setPhase({ kind: 'failed', text: '', message: SCAN_MESSAGES.readFailed });
      return;
    }
    if (!current()) return;
    if (!hasReadableText(text)) {
      setPhase({ kind: 'unreadable', text });
      return;
    }
    setPhase({ kind: 'identifying', text });
    try {
      const result = await identify.mutateAsync({ text });
      if (!current()) return;
      setVisionAvailable(result.visionAvailable);
      setPhase(result.items.length ? { kind: 'matched', text, items: result.items } : { kind: 'unreadable', text });
    } catch (err) {
      // No answer (offline, or the service unavailable): the device matches the band itself when it has the catalog.
      const offline = err instanceof ApiError && err.status === 503 ? await matchOnDevice(text) : null;
      if (!current()) return;
      if (offline) setPhase(offline.length ? { kind: 'matched', text, items: offline, offline: true } : { kind: 'unreadable', text });
      else setPhase({ kind: 'failed', text, message: errorText(err, SCAN_MESSAGES.identifyFailed) });
    }
  };

  const again = () => {
    run.current++;
    secondOpinion.reset();
    setUploadProgress(null);
    setPhoto(null);
    setPhase({ kind: 'ready' });
  };

  const askServer = () => {
    if (!photo) return;
    const id = run.current;
    const text = 'text' in phase ? phase.text : '';
    setUploadProgress(0);
    secondOpinion.mutate({ photo: new File([photo.jpeg], 'band.jpg', { type: 'image/jpeg' }), onProgress: setUploadProgress }, {
      onSuccess: (result) => {
        if (run.current !== id) return;
        setPhase(result.items.length ? { kind: 'matched', text, items: result.items, seen: result.seen } : { kind: 'unreadable', text });
      },
      onError: (err) => toast({ title: SCAN_MESSAGES.secondOpinionFailed, description: errorText(err, t`Please try again later.`), variant: 'error' }),
      onSettled: () => setUploadProgress(null),
    });
  };

  return {
    phase, photo, visionAvailable, uploadProgress, scan, again, askServer,
    asking: secondOpinion.isPending, askedServer: secondOpinion.isSuccess,
  };
}
