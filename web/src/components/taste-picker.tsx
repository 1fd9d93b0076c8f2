import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { TASTE_COUNTRIES, TASTE_WRAPPERS, type Tastes } from '@torcedor/shared/schemas/identity';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { STRENGTH_LABELS } from '@/lib/strength';

const STRENGTHS = Object.keys(STRENGTH_LABELS) as Tastes['strengths'];

/** The wrapper families' names in each language (the value sent stays the English one). */
export const TASTE_WRAPPER_LABELS: Record<(typeof TASTE_WRAPPERS)[number], MessageDescriptor> = {
  Connecticut: msg({ message: 'Connecticut', context: 'wrapper family' }),
  Habano: msg({ message: 'Habano', context: 'wrapper family' }),
  Maduro: msg({ message: 'Maduro', context: 'wrapper family' }),
  Corojo: msg({ message: 'Corojo', context: 'wrapper family' }),
  Sumatra: msg({ message: 'Sumatra', context: 'wrapper family' }),
  Cameroon: msg({ message: 'Cameroon', context: 'wrapper family' }),
  Broadleaf: msg({ message: 'Broadleaf', context: 'wrapper family' }),
  Rosado: msg({ message: 'Rosado', context: 'wrapper family' }),
  Cuban: msg({ message: 'Cuban', context: 'wrapper family' }),
};

/** The countries of make's names in each language (the value sent stays the English one). */
export const TASTE_COUNTRY_LABELS: Record<(typeof TASTE_COUNTRIES)[number], MessageDescriptor> = {
  Cuba: msg({ message: 'Cuba', context: 'country of make' }),
  'Dominican Republic': msg({ message: 'Dominican Republic', context: 'country of make' }),
  Nicaragua: msg({ message: 'Nicaragua', context: 'country of make' }),
  Honduras: msg({ message: 'Honduras', context: 'country of make' }),
};

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
  const { t, i18n } = useLingui();
  return (
    <div className="space-y-4">
      <ChipGroup
        legend={t({ message: 'Strength', context: 'cigar strength' })} options={STRENGTHS} chosen={value.strengths}
        label={(s) => i18n._(STRENGTH_LABELS[s])} onChange={(strengths) => onChange({ ...value, strengths })}
      />
      <ChipGroup
        legend={t`Wrappers`} options={TASTE_WRAPPERS} chosen={value.wrappers} label={(w) => i18n._(TASTE_WRAPPER_LABELS[w])}
        onChange={(wrappers) => onChange({ ...value, wrappers })}
      />
      <ChipGroup
        legend={t`Countries`} options={TASTE_COUNTRIES} chosen={value.countries} label={(c) => i18n._(TASTE_COUNTRY_LABELS[c])}
        onChange={(countries) => onChange({ ...value, countries })}
      />
    </div>
  );
}
