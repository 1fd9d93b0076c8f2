import { COUNTRIES } from '@torcedor/shared/constants';
import { Select } from '@/components/ui/input';

export function CountrySelect({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} required>
      <option value="">Select your country</option>
      {COUNTRIES.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
    </Select>
  );
}
