import { Trans, useLingui } from '@lingui/react/macro';
import { LEARN_CATEGORIES } from '@torcedor/shared/constants';
import { PageTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useLearnLibrary } from '../api/get-learn-library';
import { CATEGORY_LABEL } from './learn-badges';
import { isOpen, LessonDialog, MasterclassCard } from './masterclasses';
import { VideoCard } from './video-card';

export type LearnCategory = (typeof LEARN_CATEGORIES)[number];

/** The page's state in the URL: `category` filters the cards, `lesson` is the masterclass open in its dialog. */
export interface LearnSearch { category?: LearnCategory; lesson?: string }

const chip = (active: boolean) =>
  cn(
    'inline-flex items-center rounded-full border px-3 py-1 text-sm font-semibold transition',
    active ? 'border-primary bg-primary text-primary-fg' : 'border-border bg-surface-2 text-fg hover:border-primary',
  );

/**
 * The Learn library: the content categories as badges that filter, the video cards (each opens the video site in a
 * new tab), and the premium masterclasses, read in a dialog by premium and trial members and locked for the others.
 */
export function LearnPage({ search, onSearchChange }: { search: LearnSearch; onSearchChange: (next: LearnSearch) => void }) {
  const { t, i18n } = useLingui();
  const { items } = useLearnLibrary();
  const { category } = search;
  const inCategory = (i: (typeof items)[number]) => !category || i.category === category;
  const videos = items.filter((i) => !i.premium && inCategory(i));
  const masterclasses = items.filter((i) => i.premium && inCategory(i));
  const lesson = items.find((i) => i.premium && i.id === search.lesson);
  const anyLocked = items.some((i) => i.premium && !isOpen(i));
  const categoryName = category && i18n._(CATEGORY_LABEL[category]);
  const setCategory = (next: LearnCategory | undefined) => onSearchChange({ ...search, category: next });

  return (
    <>
      <PageTitle title={t`Learn`} subtitle={t`The craft, the culture and the care of fine cigars.`} />

      <nav aria-label={t`Content categories`} className="mb-8 flex flex-wrap gap-2">
        <button type="button" className={chip(!category)} aria-pressed={!category} onClick={() => setCategory(undefined)}>{t({ message: 'All', context: 'every content category' })}</button>
        {LEARN_CATEGORIES.map((c) => (
          <button key={c} type="button" className={chip(category === c)} aria-pressed={category === c} onClick={() => setCategory(category === c ? undefined : c)}>{i18n._(CATEGORY_LABEL[c])}</button>
        ))}
      </nav>

      <section aria-labelledby="videos-title" className="mb-10">
        <h2 id="videos-title" className="text-2xl font-semibold"><Trans>Videos</Trans></h2>
        <p className="mb-4 mt-1 text-sm text-muted"><Trans>Each card opens YouTube in a new tab with videos on its topic, chosen by the club.</Trans></p>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {videos.map((v) => <li key={v.id}><VideoCard item={v} /></li>)}
        </ul>
      </section>

      <section aria-labelledby="masterclasses-title">
        <h2 id="masterclasses-title" className="text-2xl font-semibold"><Trans>Premium Masterclasses</Trans></h2>
        <p className="mb-4 mt-1 text-sm text-muted">
          {anyLocked ? t`Written lessons by the club, exclusive to Premium members.` : t`Written lessons by the club, exclusive to Premium members: yours to read.`}
        </p>
        {masterclasses.length ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {masterclasses.map((m) => (
              <li key={m.id}><MasterclassCard item={m} onRead={(id) => onSearchChange({ ...search, lesson: id })} /></li>
            ))}
          </ul>
        ) : <p className="text-muted">{categoryName ? t`No masterclass in ${categoryName} yet.` : t`No masterclass yet.`}</p>}
      </section>

      {lesson && isOpen(lesson) ? <LessonDialog item={lesson} onClose={() => onSearchChange({ ...search, lesson: undefined })} /> : null}
    </>
  );
}
