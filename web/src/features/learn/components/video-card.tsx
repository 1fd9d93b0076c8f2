import { Plural, Trans } from '@lingui/react/macro';
import type { LearnItem } from '@torcedor/shared/schemas/ai';
import { Clock, ExternalLink, Eye, PlayCircle } from 'lucide-react';
import type * as z from 'zod';
import { Card } from '@/components/ui/card';
import { CategoryBadge, LevelBadge } from './learn-badges';

/**
 * A video card: the whole card opens the video site in a new tab, with neither opener nor referrer. The view count
 * shows only when the server knows one (above 0).
 */
export function VideoCard({ item }: { item: z.infer<typeof LearnItem> }) {
  const { views } = item;
  return (
    <Card data-testid="video-card" className="relative flex h-full flex-col gap-3 transition hover:border-primary focus-within:border-primary">
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={item.category} />
        <LevelBadge level={item.level} />
      </div>
      <h3 className="flex items-start gap-2 text-lg font-semibold">
        <PlayCircle className="mt-1 h-5 w-5 shrink-0 text-primary" aria-hidden />
        <a
          href={item.url ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          className="no-underline after:absolute after:inset-0 after:rounded-xl hover:text-primary focus-visible:outline-none"
        >
          {item.title}
          <span className="sr-only"> <Trans>(opens in a new tab)</Trans></span>
        </a>
      </h3>
      <p className="text-sm text-muted">{item.channel}</p>
      <p className="flex-1 text-fg/90">{item.description}</p>
      <div className="flex flex-wrap items-center gap-4 text-sm text-muted">
        <span className="flex items-center gap-1"><Clock className="h-4 w-4" aria-hidden />{item.duration}</span>
        {views > 0 ? (
          <span className="flex items-center gap-1"><Eye className="h-4 w-4" aria-hidden /><Plural value={views} one="# view" other="# views" /></span>
        ) : null}
        <ExternalLink className="ml-auto h-4 w-4" aria-hidden />
      </div>
    </Card>
  );
}
