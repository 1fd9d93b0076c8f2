import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { LearnItem } from '@torcedor/shared/schemas/ai';
import { BookOpen, Clock, Lock } from 'lucide-react';
import type * as z from 'zod';
import { Badge, Card } from '@/components/ui/card';
import { buttonClass, Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { CATEGORY_LABEL, CategoryBadge, LEVEL_LABEL, LevelBadge } from './learn-badges';

type Item = z.infer<typeof LearnItem>;

/** Open means the server sent the lesson: it does so for premium and trial members only. */
export const isOpen = (item: Item): item is Item & { body: string } => item.body !== null;

function Facts({ item }: { item: Item }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <CategoryBadge category={item.category} />
      <LevelBadge level={item.level} />
      <span className="flex items-center gap-1 text-sm text-muted"><Clock className="h-4 w-4" aria-hidden />{item.duration}</span>
    </div>
  );
}

/** A masterclass: open, a button reads it in a dialog; locked, a lock, the 'Premium' badge and the way to upgrade. */
export function MasterclassCard({ item, onRead }: { item: Item; onRead: (id: string) => void }) {
  const { t } = useLingui();
  const open = isOpen(item);
  const title = item.title;
  return (
    <Card data-testid="masterclass-card" className="flex h-full flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <h3 className="flex items-start gap-2 text-lg font-semibold">
          {open
            ? <BookOpen className="mt-1 h-5 w-5 shrink-0 text-primary" aria-hidden />
            : <Lock className="mt-1 h-5 w-5 shrink-0 text-primary" aria-hidden data-testid="lock" />}
          {item.title}
        </h3>
        {open ? null : <Badge className="shrink-0 bg-primary/20 text-primary"><Trans>Premium</Trans></Badge>}
      </div>
      <Facts item={item} />
      <p className="flex-1 text-fg/90">{item.description}</p>
      {open ? (
        <Button variant="outline" size="sm" className="self-start" onClick={() => onRead(item.id)} aria-label={t`Read lesson: ${title}`}><Trans>Read lesson</Trans></Button>
      ) : (
        <Link to="/subscription" className={buttonClass('primary', 'sm', 'self-start no-underline')} aria-label={t`Upgrade to read: ${title}`}><Trans>Upgrade to read</Trans></Link>
      )}
    </Card>
  );
}

/** The lesson of an open masterclass, its paragraphs as the server wrote them (separated by blank lines). */
export function LessonDialog({ item, onClose }: { item: Item & { body: string }; onClose: () => void }) {
  const { i18n } = useLingui();
  const facts = [item.channel, i18n._(CATEGORY_LABEL[item.category]), i18n._(LEVEL_LABEL[item.level]), item.duration].join(' · ');
  return (
    <Dialog open onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogContent title={item.title} description={facts} className="max-w-2xl">
        <article className="space-y-4 leading-relaxed">
          {item.body.split(/\n\s*\n/).map((p, i) => <p key={i}>{p.trim()}</p>)}
        </article>
      </DialogContent>
    </Dialog>
  );
}
