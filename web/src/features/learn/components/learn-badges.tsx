import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { LEARN_CATEGORIES, LEARN_LEVELS } from '@torcedor/shared/constants';
import { Badge } from '@/components/ui/card';
import { cn } from '@/lib/cn';

type Level = (typeof LEARN_LEVELS)[number];
type Category = (typeof LEARN_CATEGORIES)[number];

/** Level badge colours: green Beginner, yellow Intermediate, red Advanced. */
const LEVEL_CLASS: Record<Level, string> = {
  Beginner: 'bg-success/20 text-success',
  Intermediate: 'bg-warning/20 text-warning',
  Advanced: 'bg-danger/20 text-danger',
};

/** Each level's label (the value the server sends stays English). */
export const LEVEL_LABEL: Record<Level, MessageDescriptor> = {
  Beginner: msg`Beginner`,
  Intermediate: msg`Intermediate`,
  Advanced: msg`Advanced`,
};

/** Each content category's label (the value in the URL and from the server stays English). */
export const CATEGORY_LABEL: Record<Category, MessageDescriptor> = {
  Manufacturing: msg`Manufacturing`,
  Geography: msg`Geography`,
  Technique: msg`Technique`,
  Storage: msg`Storage`,
  Tasting: msg`Tasting`,
  Pairing: msg`Pairing`,
  Education: msg`Education`,
  Etiquette: msg`Etiquette`,
  Vintage: msg`Vintage`,
};

export function LevelBadge({ level }: { level: Level }) {
  const { i18n } = useLingui();
  return <Badge data-level={level} className={LEVEL_CLASS[level]}>{i18n._(LEVEL_LABEL[level])}</Badge>;
}

export function CategoryBadge({ category, className }: { category: Category; className?: string }) {
  const { i18n } = useLingui();
  return <Badge className={cn('bg-surface-2 text-fg', className)}>{i18n._(CATEGORY_LABEL[category])}</Badge>;
}
