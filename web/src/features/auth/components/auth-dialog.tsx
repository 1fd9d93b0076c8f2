import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLogIn } from '../api/log-in';
import { useSignUp } from '../api/sign-up';
import { useStartTrial } from '../api/start-trial';
import { ageProblem, passedGate } from '../age';
import { CountrySelect } from './country-select';

export type AuthTab = 'signup' | 'login' | 'trial';

function SignUpForm({ onCreated }: { onCreated: (email: string) => void }) {
  const gate = passedGate();
  const [f, setF] = useState({ firstName: '', lastName: '', email: '', password: '', dateOfBirth: gate?.dateOfBirth ?? '', country: gate?.country ?? '' });
  const [terms, setTerms] = useState(false);
  const signUp = useSignUp();
  const id = useId();
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!f.email.trim() || !f.password || !f.firstName.trim() || !f.lastName.trim()) {
      return toast({ title: 'Missing fields', description: 'Please fill in all required fields', variant: 'error' });
    }
    if (!terms) return toast({ title: 'Terms Required', description: 'Please agree to the Terms of Service and Privacy Policy', variant: 'error' });
    const age = ageProblem(f.dateOfBirth, f.country);
    if (age) return toast({ title: 'Signup failed', description: age, variant: 'error' });
    signUp.mutate({ ...f, country: f.country as 'US' }, {
      onSuccess: () => {
        toast({ title: 'Account created successfully', description: 'You can now log in with your credentials', variant: 'success' });
        setF({ ...f, password: '' });
        onCreated(f.email.trim());
      },
      onError: (err) => toast({ title: 'Signup failed', description: errorText(err, 'Failed to create account'), variant: 'error' }),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label="Sign up">
      <div className="grid grid-cols-2 gap-3">
        <div><Label htmlFor={`${id}-first`}>First name</Label><Input id={`${id}-first`} autoComplete="given-name" value={f.firstName} onChange={set('firstName')} /></div>
        <div><Label htmlFor={`${id}-last`}>Last name</Label><Input id={`${id}-last`} autoComplete="family-name" value={f.lastName} onChange={set('lastName')} /></div>
      </div>
      <div><Label htmlFor={`${id}-email`}>Email</Label><Input id={`${id}-email`} type="email" autoComplete="email" value={f.email} onChange={set('email')} /></div>
      <div>
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input id={`${id}-password`} type="password" autoComplete="new-password" aria-describedby={`${id}-pw-hint`} value={f.password} onChange={set('password')} />
        <p id={`${id}-pw-hint`} className="mt-1 text-xs text-muted">At least 8 characters, with an uppercase letter, a lowercase letter and a number.</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div><Label htmlFor={`${id}-dob`}>Date of birth</Label><Input id={`${id}-dob`} type="date" value={f.dateOfBirth} onChange={set('dateOfBirth')} /></div>
        <div><Label htmlFor={`${id}-country`}>Country</Label><CountrySelect id={`${id}-country`} value={f.country} onChange={(v) => setF({ ...f, country: v })} /></div>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1 accent-[var(--color-primary)]" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
        <span>
          I agree to the <Link to="/terms" className="text-primary underline">Terms of Service</Link> and{' '}
          <Link to="/privacy" className="text-primary underline">Privacy Policy</Link>, and I confirm I am of legal smoking age.
        </span>
      </label>
      <Button type="submit" className="w-full" disabled={!terms || signUp.isPending}>{signUp.isPending ? 'Creating account...' : 'Create Account'}</Button>
    </form>
  );
}

function LoginForm({ email: initialEmail, onDone }: { email: string; onDone: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const logIn = useLogIn();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return toast({ title: 'Missing credentials', description: 'Please enter your email and password', variant: 'error' });
    logIn.mutate({ email, password }, {
      onSuccess: () => {
        toast({ title: 'Login successful', variant: 'success' });
        onDone();
      },
      onError: (err) => toast({ title: 'Login failed', description: errorText(err, 'Invalid credentials'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label="Log in">
      <div><Label htmlFor={`${id}-email`}>Email</Label><Input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} /></div>
      <div><Label htmlFor={`${id}-password`}>Password</Label><Input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} /></div>
      <Button type="submit" className="w-full" disabled={logIn.isPending}>{logIn.isPending ? 'Signing in...' : 'Log In'}</Button>
    </form>
  );
}

function TrialForm({ onDone }: { onDone: () => void }) {
  const gate = passedGate();
  const [dateOfBirth, setDateOfBirth] = useState(gate?.dateOfBirth ?? '');
  const [country, setCountry] = useState<string>(gate?.country ?? '');
  const trial = useStartTrial();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = ageProblem(dateOfBirth, country);
    if (problem) return toast({ title: 'Trial setup failed', description: problem, variant: 'error' });
    trial.mutate({ dateOfBirth, country: country as 'US' }, {
      onSuccess: () => {
        toast({ title: 'Trial access granted', description: 'Welcome to your 7-day trial', variant: 'success' });
        onDone();
      },
      onError: (err) => toast({ title: 'Trial setup failed', description: errorText(err, 'Failed to setup trial access'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label="Start trial">
      <p className="text-sm text-muted">Seven days of full access. No credit card and no email needed: your session is your key, so sign up before it ends to keep your data.</p>
      <div><Label htmlFor={`${id}-dob`}>Date of birth</Label><Input id={`${id}-dob`} type="date" value={dateOfBirth} onChange={(e) => setDateOfBirth(e.target.value)} /></div>
      <div><Label htmlFor={`${id}-country`}>Country</Label><CountrySelect id={`${id}-country`} value={country} onChange={setCountry} /></div>
      <Button type="submit" className="w-full" disabled={trial.isPending}>{trial.isPending ? 'Starting trial...' : 'Start 7-Day Trial'}</Button>
    </form>
  );
}

/** Sign Up / Login / 7-Day Trial (spec sections 2, 4, 5 and 8). */
export function AuthDialog({ tab, onTabChange, onClose, notice }: { tab: AuthTab | null; onTabChange: (t: AuthTab) => void; onClose: () => void; notice?: string | null }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const signedIn = () => {
    onClose();
    void navigate({ to: '/', search: {} });
  };
  return (
    <Dialog open={tab !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent title="Welcome to Torcedor" description="The age-verified club for cigar enthusiasts.">
        {notice ? <p role="alert" className="mb-4 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">{notice}</p> : null}
        <Tabs value={tab ?? 'signup'} onValueChange={(v) => onTabChange(v as AuthTab)}>
          <TabsList className="grid w-full grid-cols-3">
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="trial">7-Day Trial</TabsTrigger>
          </TabsList>
          <TabsContent value="signup"><SignUpForm onCreated={(e) => { setEmail(e); onTabChange('login'); }} /></TabsContent>
          <TabsContent value="login"><LoginForm key={email} email={email} onDone={signedIn} /></TabsContent>
          <TabsContent value="trial"><TrialForm onDone={signedIn} /></TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
