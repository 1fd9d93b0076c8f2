import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Brand, Cigar, Lounge } from '@torcedor/shared/schemas/catalog';
import { Globe, MapPin, Plus, Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CigarPicture } from '@/components/cigar-picture';
import { CommunityRating } from '@/components/community-rating';
import { WishlistButton } from '@/components/wishlist-button';
import { Button, buttonClass } from '@/components/ui/button';
import { Badge, Card, EmptyState, PageTitle, Skeleton } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { Input, Label, Select, Textarea } from '@/components/ui/input';
import { searchCatalogQuery } from '@/lib/api/search-catalog';
import { STRENGTH_CLASS, STRENGTH_LABELS } from '@/lib/strength';
import { errorDetail } from '@/lib/api-client';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useAddWishlistItem } from '@/lib/api/add-wishlist-item';

/** Spec section 2: the quick brand buttons shown with no query. */
const QUICK_BRANDS = ['Montecristo', 'Padron', 'Arturo Fuente', 'Cohiba', 'Rocky Patel', 'Oliva', 'Liga Privada', 'Davidoff'];

function WishlistDialog({ cigar, onClose }: { cigar: Cigar; onClose: () => void }) {
  const { t } = useLingui();
  const add = useAddWishlistItem();
  const [priority, setPriority] = useState('3');
  const [notes, setNotes] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ cigarId: cigar.id, priority: Number(priority), notes: notes.trim() || null }, {
      onSuccess: () => { toast({ title: t`Item added to wishlist`, variant: 'success' }); onClose(); },
      onError: (err) => toast({ title: t`Failed to add item to wishlist`, description: errorDetail(err), variant: 'error' }),
    });
  };
  return (
    <Dialog open onOpenChange={(o) => { if (!o) onClose(); }}>
      <DialogContent title={t`Add to Wishlist`} description={`${cigar.brandName} ${cigar.name}`}>
        <form onSubmit={submit} className="space-y-4">
          <div>
            <Label htmlFor={`${id}-p`}><Trans>Priority</Trans></Label>
            <Select id={`${id}-p`} value={priority} onChange={(e) => setPriority(e.target.value)}>
              {[1, 2, 3, 4, 5].map((p) => <option key={p} value={p}>{t({ message: plural(p, { one: '# star', other: '# stars' }) })}</option>)}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-n`}><Trans>Notes</Trans></Label>
            <Textarea id={`${id}-n`} rows={3} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} placeholder={t`Where you heard of it, what to pair it with...`} />
          </div>
          <FormActions onCancel={onClose} label={t`Add to Wishlist`} pendingLabel={t`Adding...`} pending={add.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CigarCard({ cigar, onWish }: { cigar: Cigar; onWish: (c: Cigar) => void }) {
  const { t, i18n } = useLingui();
  const name = `${cigar.brandName} ${cigar.name}`;
  return (
    <Card className="flex h-full flex-col">
      <CigarPicture cigar={cigar} photos={cigar.photos} className="mb-4" />
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-sm text-muted">{cigar.brandName}</p>
          <h3 className="text-lg font-semibold">{cigar.name}</h3>
          <p className="text-sm text-muted">{cigar.country} · {cigar.vitola} · {cigar.length}" × {cigar.ringGauge}</p>
        </div>
        <Badge className={STRENGTH_CLASS[cigar.strength]}>{i18n._(STRENGTH_LABELS[cigar.strength])}</Badge>
      </div>
      <p className="mt-2 text-sm">{cigar.description}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted"><Trans>Wrapper</Trans></dt><dd>{cigar.wrapper}</dd>
        <dt className="text-muted"><Trans>Binder</Trans></dt><dd>{cigar.binder}</dd>
        <dt className="text-muted"><Trans>Filler</Trans></dt><dd>{cigar.filler}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <CommunityRating averageRating={cigar.averageRating} reviewCount={cigar.reviewCount} />
        <Link to="/cigars/$id" params={{ id: cigar.id }} aria-label={t`Reviews of ${name}`}><Trans>Reviews</Trans></Link>
        <Link to="/cigars/$id" params={{ id: cigar.id }} search={{ review: 1 }} aria-label={t`Write a review of ${name}`}><Trans>Write a Review</Trans></Link>
      </div>
      <div className="mt-auto flex flex-wrap justify-end gap-2 pt-4">
        {/* Each name starts with what the button shows (WCAG 2.5.3), the cigar after it. */}
        <WishlistButton cigar={cigar} onAdd={() => onWish(cigar)} />
        <Link to="/humidor" search={{ add: cigar.id }} className={buttonClass('primary', 'sm', 'no-underline')} aria-label={t`Add to Humidor: ${name}`}>
          <Plus className="h-4 w-4" aria-hidden /><Trans>Add to Humidor</Trans>
        </Link>
      </div>
    </Card>
  );
}

function BrandCard({ brand }: { brand: Brand }) {
  const { t } = useLingui();
  const cigars = brand.cigarCount;
  const count = t({ message: plural(cigars, { one: '# cigar', other: '# cigars' }) });
  return (
    <Card className="h-full">
      <h3 className="text-lg font-semibold">{brand.name}</h3>
      <p className="text-sm text-muted">{brand.country} · {count}</p>
      <p className="mt-2 text-sm">{brand.description}</p>
      <Link to="/search" search={{ q: brand.name }} className="mt-3 inline-block text-sm"><Trans>See its cigars</Trans></Link>
    </Card>
  );
}

function LoungeCard({ lounge }: { lounge: Lounge }) {
  return (
    <Card className="h-full">
      <h3 className="text-lg font-semibold">{lounge.name}</h3>
      <p className="flex items-center gap-1 text-sm text-muted"><MapPin className="h-3.5 w-3.5" aria-hidden />{lounge.address}, {lounge.city}, {lounge.country}</p>
      {lounge.hours ? <p className="mt-1 text-sm">{lounge.hours}</p> : null}
      {lounge.website ? (
        <a href={lounge.website} target="_blank" rel="noreferrer noopener" className="mt-2 inline-flex items-center gap-1 text-sm"><Globe className="h-3.5 w-3.5" aria-hidden /><Trans>Website</Trans></a>
      ) : null}
    </Card>
  );
}

const titles: Record<'cigars' | 'brands' | 'lounges', MessageDescriptor> = { cigars: msg`Cigars`, brands: msg`Brands`, lounges: msg`Lounges` };

function Results({ q, onWish }: { q: string; onWish: (c: Cigar) => void }) {
  const { t, i18n } = useLingui();
  const { data, isPending, isError, error } = useQuery(searchCatalogQuery(q));
  useEffect(() => {
    if (isError) toast({ title: t`Error`, description: t`Error searching cigars. Please try again.`, variant: 'error' });
    // The toast is for the failure, not for a change of language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, error]);
  if (isPending) return <div className="grid gap-4 md:grid-cols-2"><Skeleton className="h-56" /><Skeleton className="h-56" /></div>;
  if (isError) return <EmptyState title={t`Search failed`} text={t`Error searching cigars. Please try again.`} />;
  const groups = data.filter((g) => g.items.length > 0);
  if (!groups.length) return <EmptyState title={t`No results found for "${q}"`} text={t`Check the spelling, or try a brand or a shape such as Robusto.`} />;
  return (
    <div className="space-y-8">
      {groups.map((g) => {
        const group = i18n._(titles[g.type]);
        const count = formatNumber(g.items.length);
        return (
          <section key={g.type} aria-labelledby={`group-${g.type}`}>
            <h2 id={`group-${g.type}`} className="mb-3 text-xl font-semibold">{t`${group} (${count})`}</h2>
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {g.type === 'cigars' ? g.items.map((c) => <li key={c.id}><CigarCard cigar={c} onWish={onWish} /></li>) : null}
              {g.type === 'brands' ? g.items.map((b) => <li key={b.id}><BrandCard brand={b} /></li>) : null}
              {g.type === 'lounges' ? g.items.map((l) => <li key={l.id}><LoungeCard lounge={l} /></li>) : null}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** /search: the query box, grouped results, and the quick brands when there is no query (docs/product.md, "Screens"). */
export function SearchPage({ q }: { q: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const [wish, setWish] = useState<Cigar | null>(null);
  useEffect(() => setText(q), [q]);
  const go = (query: string) => {
    const trimmed = query.trim();
    if (trimmed) void navigate({ to: '/search', search: { q: trimmed } });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(text);
  };
  return (
    <div>
      <PageTitle title={t`Discover Cigars`} subtitle={t`Search the curated database of cigars, brands and lounges.`} />
      <form role="search" onSubmit={submit} className="mb-6 flex gap-2">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input aria-label={t`Search query`} placeholder={t`Search by cigar, brand, vitola or country...`} className="pl-9" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} />
        </div>
        <Button type="submit"><Trans>Search</Trans></Button>
      </form>
      {q.trim() ? <Results q={q.trim()} onWish={setWish} /> : (
        <section aria-labelledby="quick-brands">
          <h2 id="quick-brands" className="mb-3 text-lg font-semibold"><Trans>Popular brands</Trans></h2>
          <div className="flex flex-wrap gap-2">
            {QUICK_BRANDS.map((b) => <Button key={b} variant="outline" onClick={() => go(b)}>{b}</Button>)}
          </div>
        </section>
      )}
      {wish ? <WishlistDialog cigar={wish} onClose={() => setWish(null)} /> : null}
    </div>
  );
}
