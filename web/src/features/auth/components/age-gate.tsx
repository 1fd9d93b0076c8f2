import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { LanguageSwitcher } from '@/components/language-switcher';
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
  // Re-renders in a new language: the alert is worded while rendering.
  useLingui();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [country, setCountry] = useState('');
  // What the alert says, worded when it shows (so it follows a change of language).
  const [alert, setAlert] = useState<{ dateOfBirth: string; country: string } | null>(null);
  const dobId = useId();
  const countryId = useId();

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (ageProblem(dateOfBirth, country)) return setAlert({ dateOfBirth, country });
    const answer = { dateOfBirth, country } as GateAnswer;
    rememberGate(answer);
    onPass(answer);
  };

  const alertText = alert ? ageProblem(alert.dateOfBirth, alert.country) : null;

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-black/90 p-4" role="dialog" aria-modal="true" aria-labelledby="age-gate-title">
      <form onSubmit={confirm} className="w-full max-w-md rounded-xl border border-primary/40 bg-surface p-6 shadow-2xl" noValidate>
        {/* The gate covers the page's own switcher: a visitor chooses their language before answering. */}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-serif text-3xl font-bold text-primary">Torcedor</p>
          <LanguageSwitcher />
        </div>
        <h2 id="age-gate-title" className="mt-4 text-2xl font-bold"><Trans>Age verification</Trans></h2>
        <p className="mt-1 text-muted"><Trans>This community is for adults of legal smoking age only. Please confirm your age to enter.</Trans></p>
        <div className="mt-5 space-y-4">
          <div>
            <Label htmlFor={dobId}><Trans>Date of birth</Trans></Label>
            <Input id={dobId} type="date" value={dateOfBirth} onChange={(e) => setDateOfBirth(e.target.value)} required />
          </div>
          <div>
            <Label htmlFor={countryId}><Trans>Country</Trans></Label>
            <CountrySelect id={countryId} value={country} onChange={(e) => setCountry(e.target.value)} />
          </div>
        </div>
        {alertText ? <p role="alert" className="mt-4 rounded-md border border-danger bg-danger/10 p-3 text-sm text-danger">{alertText}</p> : null}
        <div className="mt-5 flex gap-3 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <ShieldAlert className="h-5 w-5 shrink-0 text-warning" aria-hidden />
          <p>
            <Trans>
              <strong>Health warning:</strong> Cigar smoking can cause cancers of the mouth and throat, even if you do not inhale.
              Tobacco smoke increases the risk of lung cancer and heart disease. Torcedor does not sell or facilitate the sale of tobacco.
            </Trans>
          </p>
        </div>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" className="flex-1"><Trans>I am of legal age, enter</Trans></Button>
          <Button variant="outline" onClick={exitSite}><Trans>Exit</Trans></Button>
        </div>
      </form>
    </div>
  );
}
