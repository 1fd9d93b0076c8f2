import { useLingui } from '@lingui/react/macro';
import { COUNTRIES } from '@torcedor/shared/constants';
import type { ComponentProps } from 'react';
import { Select } from '@/components/ui/input';
import { COUNTRY_NAMES } from '../country-names';

/** The listed countries; takes the select's props (value and onChange, or react-hook-form's `register`). */
export function CountrySelect(props: Omit<ComponentProps<'select'>, 'children'>) {
  const { t, i18n } = useLingui();
  return (
    <Select required {...props}>
      <option value="">{t`Select your country`}</option>
      {COUNTRIES.map((c) => <option key={c.code} value={c.code}>{i18n._(COUNTRY_NAMES[c.code])}</option>)}
    </Select>
  );
}
