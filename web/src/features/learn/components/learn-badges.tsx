import type { LEARN_LEVELS } from '@torcedor/shared/constants';
import { Badge } from '@/components/ui/card';
import { cn } from '@/lib/cn';

type Level = (typeof LEARN_LEVELS)[number];

/** Level badge colours: green Beginner, yellow Intermediate, red Advanced. */
const LEVEL_CLASS: Record<Level, string> = {
  Beginner: 'bg-success/20 text-success',
  Intermediate: 'bg-warning/20 text-warning',
  Advanced: 'bg-danger/20 text-danger',
};

export function LevelBadge({ level }: { level: Level }) {
  return <Badge data-level={level} className={LEVEL_CLASS[level]}>{level}</Badge>;
}

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return <Badge className={cn('bg-surface-2 text-fg', className)}>{category}</Badge>;
}
