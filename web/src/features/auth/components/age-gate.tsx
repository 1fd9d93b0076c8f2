import { ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { ageProblem, rememberGate, type GateAnswer } from '../age';
import { CountrySelect } from './country-select';

function exitSite() {
  window.close();
  // Browsers only let a script close windows it opened: leave the site instead.
  window.location.replace('about:blank');
}

/** The age gate overlay shown before anything else (docs/product.md, "Screens", "Behaviour", "Validation"). */
export function AgeGate({ onPass }: { onPass: (a: GateAnswer) => void }) {
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [country, setCountry] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const dobId = useId();
  const countryId = useId();

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    const problem = ageProblem(dateOfBirth, country);
    if (problem) return setAlert(problem);
    const answer = { dateOfBirth, country } as GateAnswer;
    rememberGate(answer);
    onPass(answer);
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-black/90 p-4" role="dialog" aria-modal="true" aria-labelledby="age-gate-title">
      <form onSubmit={confirm} className="w-full max-w-md rounded-xl border border-primary/40 bg-surface p-6 shadow-2xl" noValidate>
        <p className="font-serif text-3xl font-bold text-primary">Torcedor</p>
        <h2 id="age-gate-title" className="mt-4 text-2xl font-bold">Age verification</h2>
        <p className="mt-1 text-muted">This community is for adults of legal smoking age only. Please confirm your age to enter.</p>
        <div className="mt-5 space-y-4">
          <div>
            <Label htmlFor={dobId}>Date of birth</Label>
            <Input id={dobId} type="date" value={dateOfBirth} onChange={(e) => setDateOfBirth(e.target.value)} required />
          </div>
          <div>
            <Label htmlFor={countryId}>Country</Label>
            <CountrySelect id={countryId} value={country} onChange={(e) => setCountry(e.target.value)} />
          </div>
        </div>
        {alert ? <p role="alert" className="mt-4 rounded-md border border-danger bg-danger/10 p-3 text-sm text-danger">{alert}</p> : null}
        <div className="mt-5 flex gap-3 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <ShieldAlert className="h-5 w-5 shrink-0 text-warning" aria-hidden />
          <p>
            <strong>Health warning:</strong> Cigar smoking can cause cancers of the mouth and throat, even if you do not inhale.
            Tobacco smoke increases the risk of lung cancer and heart disease. Torcedor does not sell or facilitate the sale of tobacco.
          </p>
        </div>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" className="flex-1">I am of legal age, enter</Button>
          <Button variant="outline" onClick={exitSite}>Exit</Button>
        </div>
      </form>
    </div>
  );
}
