import { COUNTRIES } from '@torcedor/shared/constants';
import type { ComponentProps } from 'react';
import { Select } from '@/components/ui/input';

/** The listed countries; takes the select's props (value and onChange, or react-hook-form's `register`). */
export function CountrySelect(props: Omit<ComponentProps<'select'>, 'children'>) {
  return (
    <Select required {...props}>
      <option value="">Select your country</option>
      {COUNTRIES.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
    </Select>
  );
}
