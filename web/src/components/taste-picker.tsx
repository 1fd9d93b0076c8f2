import { TASTE_COUNTRIES, TASTE_WRAPPERS, type Tastes } from '@torcedor/shared/schemas/identity';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { STRENGTH_LABEL } from '@/lib/strength';

const STRENGTHS = Object.keys(STRENGTH_LABEL) as Tastes['strengths'];

/** One group of chips: toggle buttons (aria-pressed), so each says whether it is chosen. */
function ChipGroup<T extends string>({ legend, options, chosen, label, onChange }: {
  legend: string;
  options: readonly T[];
  chosen: readonly T[];
  label?: (v: T) => string;
  onChange: (next: T[]) => void;
}) {
  const toggle = (v: T) => onChange(chosen.includes(v) ? chosen.filter((x) => x !== v) : [...chosen, v]);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-fg">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((v) => {
          const on = chosen.includes(v);
          return (
            <button
              key={v} type="button" aria-pressed={on} onClick={() => toggle(v)}
              className={cn(
                'inline-flex min-h-9 items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                on ? 'border-primary bg-primary text-primary-fg' : 'border-border bg-surface-2 text-fg hover:border-primary',
              )}
            >
              {on ? <Check className="h-3.5 w-3.5" aria-hidden /> : null}
              {label ? label(v) : v}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * What the member likes, as chips (docs/product.md, "First run"): strengths, wrapper families and countries of make.
 * Controlled: `value` is the choice, `onChange` gets the next one.
 */
export function TastePicker({ value, onChange }: { value: Tastes; onChange: (next: Tastes) => void }) {
  return (
    <div className="space-y-4">
      <ChipGroup legend="Strength" options={STRENGTHS} chosen={value.strengths} label={(s) => STRENGTH_LABEL[s]} onChange={(strengths) => onChange({ ...value, strengths })} />
      <ChipGroup legend="Wrappers" options={TASTE_WRAPPERS} chosen={value.wrappers} onChange={(wrappers) => onChange({ ...value, wrappers })} />
      <ChipGroup legend="Countries" options={TASTE_COUNTRIES} chosen={value.countries} onChange={(countries) => onChange({ ...value, countries })} />
    </div>
  );
}
