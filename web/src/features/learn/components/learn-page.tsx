import { Badge, Card, PageTitle } from '@/components/ui/card';

const TOPICS = [
  ['Manufacturing', 'How tobacco is grown, cured, fermented, aged and rolled by a torcedor.'],
  ['Geography', 'Cuba, the Dominican Republic, Nicaragua, Honduras and the regions that shape a leaf.'],
  ['Technique', 'Cutting, toasting and lighting evenly; resting the cigar between draws.'],
  ['Storage', 'Keeping cigars at 65-70% relative humidity and about 18-21 °C; seasoning a humidor.'],
  ['Tasting', 'Reading the draw, burn and flavor through the first, second and final thirds.'],
  ['Pairing', 'Coffee, rum, whisky and port alongside mild, medium and full-bodied cigars.'],
  ['Education', 'Wrapper, binder and filler; vitolas, ring gauges and what they change.'],
  ['Etiquette', 'Lounge manners, sharing a smoke and leaving the band on or off.'],
  ['Vintage', 'Ageing cigars for years: what changes and how to track it in your humidor.'],
] as const;

/** The learning hub: the nine content categories of the club. */
export function LearnPage() {
  return (
    <>
      <PageTitle title="Learn" subtitle="The craft, the culture and the care of fine cigars." />
      <div className="mb-6 flex flex-wrap gap-2">{TOPICS.map(([t]) => <Badge key={t} className="bg-surface-2 text-fg">{t}</Badge>)}</div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TOPICS.map(([title, text]) => <li key={title}><Card className="h-full"><h2 className="text-lg font-semibold">{title}</h2><p className="mt-2 text-muted">{text}</p></Card></li>)}
      </ul>
    </>
  );
}
