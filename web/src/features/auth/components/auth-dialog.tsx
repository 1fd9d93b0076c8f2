import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { TRIAL_DAYS } from '@torcedor/shared/constants';
import { LoginBody, SignupBody, TrialBody } from '@torcedor/shared/schemas/identity';
import { useEffect, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorText } from '@/lib/api-client';
import { firstErrorMessage } from '@/lib/form';
import { formatNumber } from '@/lib/numbers';
import { safeRedirect } from '@/lib/safe-redirect';
import { toast } from '@/lib/toast';
import { useLogIn } from '../api/log-in';
import { useSignUp } from '../api/sign-up';
import { useStartTrial } from '../api/start-trial';
import { incompleteText, passedGate } from '../age';
import { withAgeRule } from '../age-rule';
import type { AuthTab } from '../auth-tabs';
import { passwordRules } from '../password-rules';
import { CountrySelect } from './country-select';
import { ForgotPassword } from './forgot-password';

/** The server's bodies, plus the age rule it applies right after them. */
const SignUpSchema = withAgeRule(SignupBody);
const TrialSchema = withAgeRule(TrialBody);

type SignUpValues = z.input<typeof SignUpSchema>;
const SIGN_UP_ORDER = ['firstName', 'lastName', 'email', 'password', 'dateOfBirth', 'country'] as const;
const blank = (v: string | undefined) => !v?.trim();

/** Sign-up signs the member in (no second login): `onCreated` goes on to the first run. */
function SignUpForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useLingui();
  const gate = passedGate();
  const { register, handleSubmit, getValues, formState: { errors } } = useForm<SignUpValues, unknown, z.output<typeof SignUpSchema>>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', dateOfBirth: gate?.dateOfBirth ?? '', country: gate?.country },
  });
  const [terms, setTerms] = useState(false);
  const signUp = useSignUp();

  const onValid = (body: z.output<typeof SignUpSchema>) => {
    if (!terms) return toast({ title: t`Terms Required`, description: t`Please agree to the Terms of Service and Privacy Policy`, variant: 'error' });
    signUp.mutate(body, {
      onSuccess: () => {
        toast({ title: t`Account created successfully`, description: t`You can now log in with your credentials`, variant: 'success' });
        onCreated();
      },
      onError: (err) => toast({ title: t`Signup failed`, description: errorText(err, t`Failed to create account`), variant: 'error' }),
    });
  };
  // The schema decides; the toast words it as the spec does (errors also show under each field).
  const onInvalid = (errs: FieldErrors<SignUpValues>) => {
    const v = getValues();
    if (blank(v.firstName) || blank(v.lastName) || blank(v.email) || blank(v.password)) {
      return toast({ title: t`Missing fields`, description: t`Please fill in all required fields`, variant: 'error' });
    }
    if (!terms) return toast({ title: t`Terms Required`, description: t`Please agree to the Terms of Service and Privacy Policy`, variant: 'error' });
    toast({ title: t`Signup failed`, description: firstErrorMessage(errs, SIGN_UP_ORDER), variant: 'error' });
  };

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-3" noValidate aria-label={t`Sign up`}>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={t`First name`} error={errors.firstName?.message}>{(p) => <Input {...p} autoComplete="given-name" {...register('firstName')} />}</FormField>
        <FormField label={t`Last name`} error={errors.lastName?.message}>{(p) => <Input {...p} autoComplete="family-name" {...register('lastName')} />}</FormField>
      </div>
      <FormField label={t`Email`} error={errors.email?.message}>{(p) => <Input {...p} type="email" autoComplete="email" {...register('email')} />}</FormField>
      <FormField label={t`Password`} error={errors.password?.message} hint={passwordRules()}>
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('password')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={t`Date of birth`} error={errors.dateOfBirth?.message}>{(p) => <Input {...p} type="date" {...register('dateOfBirth')} />}</FormField>
        <FormField label={t`Country`} error={errors.country?.message}>{(p) => <CountrySelect {...p} {...register('country')} />}</FormField>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1 accent-[var(--color-primary)]" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
        <span>
          <Trans>
            I agree to the <Link to="/terms" className="text-primary underline">Terms of Service</Link> and{' '}
            <Link to="/privacy" className="text-primary underline">Privacy Policy</Link>, and I confirm I am of legal smoking age.
          </Trans>
        </span>
      </label>
      <Button type="submit" className="w-full" disabled={!terms || signUp.isPending}>{signUp.isPending ? t`Creating account...` : t`Create Account`}</Button>
    </form>
  );
}

type LogInValues = z.input<typeof LoginBody>;

/**
 * `focus`: the field to put the cursor in when the form appears (the password once a reset prefilled the email; the
 * email when coming back from the reset), none when the dialog opens on it.
 */
function LoginForm({ email, focus, onForgot, onDone }: {
  email: string;
  focus?: 'email' | 'password';
  onForgot: (typed: string) => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const { register, handleSubmit, getValues, setFocus, formState: { errors } } = useForm<LogInValues, unknown, z.output<typeof LoginBody>>({
    resolver: zodResolver(LoginBody),
    defaultValues: { email, password: '' },
  });
  const logIn = useLogIn();
  useEffect(() => {
    if (focus) setFocus(focus);
  }, [focus, setFocus]);
  const onValid = (body: z.output<typeof LoginBody>) => {
    logIn.mutate(body, {
      onSuccess: () => {
        toast({ title: t`Login successful`, variant: 'success' });
        onDone();
      },
      onError: (err) => toast({ title: t`Login failed`, description: errorText(err, t`Invalid credentials`), variant: 'error' }),
    });
  };
  const onInvalid = (errs: FieldErrors<LogInValues>) => {
    const v = getValues();
    if (blank(v.email) || !v.password) return toast({ title: t`Missing credentials`, description: t`Please enter your email and password`, variant: 'error' });
    toast({ title: t`Login failed`, description: firstErrorMessage(errs, ['email', 'password']), variant: 'error' });
  };
  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-3" noValidate aria-label={t`Log in`}>
      <FormField label={t`Email`} error={errors.email?.message}>{(p) => <Input {...p} type="email" autoComplete="email" {...register('email')} />}</FormField>
      <FormField label={t`Password`} error={errors.password?.message}>{(p) => <Input {...p} type="password" autoComplete="current-password" {...register('password')} />}</FormField>
      <div className="-mt-1 flex justify-end">
        <button type="button" className="text-sm text-primary underline-offset-2 hover:underline" onClick={() => onForgot(getValues('email'))}><Trans>Forgot password?</Trans></button>
      </div>
      <Button type="submit" className="w-full" disabled={logIn.isPending}>{logIn.isPending ? t`Signing in...` : t`Log In`}</Button>
    </form>
  );
}

/**
 * The Login tab: the login form, or the password reset its 'Forgot password?' opens. A changed password comes back
 * to the login with the address filled in and says so in a status line that is always there (so it is announced).
 */
function LoginPanel({ email, onEmail, onDone }: { email: string; onEmail: (email: string) => void; onDone: () => void }) {
  const [forgot, setForgot] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [focus, setFocusField] = useState<'email' | 'password'>();
  const back = (to: 'email' | 'password') => { setForgot(null); setFocusField(to); };
  return (
    <div className="space-y-3">
      <div role="status" aria-live="polite">
        {changed && forgot === null ? <p className="rounded-md border border-success/50 bg-success/10 p-3 text-sm text-fg"><Trans>Your password was changed. Log in with your new password.</Trans></p> : null}
      </div>
      {forgot !== null
        ? <ForgotPassword email={forgot} onBack={() => back('email')} onReset={(e) => { onEmail(e); setChanged(true); back('password'); }} />
        : <LoginForm key={email} email={email} focus={focus} onForgot={(typed) => { setChanged(false); setForgot(typed); }} onDone={onDone} />}
    </div>
  );
}

type TrialValues = z.input<typeof TrialSchema>;

function TrialForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const days = formatNumber(TRIAL_DAYS);
  const gate = passedGate();
  const { register, handleSubmit, getValues, formState: { errors } } = useForm<TrialValues, unknown, z.output<typeof TrialSchema>>({
    resolver: zodResolver(TrialSchema),
    defaultValues: { dateOfBirth: gate?.dateOfBirth ?? '', country: gate?.country },
  });
  const trial = useStartTrial();
  const onValid = (body: z.output<typeof TrialSchema>) => {
    trial.mutate(body, {
      onSuccess: () => {
        toast({ title: t`Trial access granted`, description: t`Welcome to your 7-day trial`, variant: 'success' });
        onDone();
      },
      onError: (err) => toast({ title: t`Trial setup failed`, description: errorText(err, t`Failed to setup trial access`), variant: 'error' }),
    });
  };
  const onInvalid = (errs: FieldErrors<TrialValues>) => {
    const v = getValues();
    const description = blank(v.dateOfBirth) || blank(v.country) ? incompleteText() : firstErrorMessage(errs, ['dateOfBirth', 'country']);
    toast({ title: t`Trial setup failed`, description, variant: 'error' });
  };
  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-3" noValidate aria-label={t`Start trial`}>
      <p className="text-sm text-muted"><Trans>Seven days of full access. No credit card and no email needed: your session is your key, so sign up before it ends to keep your data.</Trans></p>
      <FormField label={t`Date of birth`} error={errors.dateOfBirth?.message}>{(p) => <Input {...p} type="date" {...register('dateOfBirth')} />}</FormField>
      <FormField label={t`Country`} error={errors.country?.message}>{(p) => <CountrySelect {...p} {...register('country')} />}</FormField>
      <Button type="submit" className="w-full" disabled={trial.isPending}>{trial.isPending ? t`Starting trial...` : t`Start ${days}-Day Trial`}</Button>
    </form>
  );
}

/**
 * Sign Up / Login / 7-Day Trial (docs/product.md, "Screens", "Behaviour", "Validation", "Messages"). Once signed in (logged in, or a trial
 * started) it goes to `redirect`, the page a logged-out visitor asked for, or else to the home.
 */
export function AuthDialog({ tab, onTabChange, onClose, notice, redirect }: {
  tab: AuthTab | null;
  onTabChange: (t: AuthTab) => void;
  onClose: () => void;
  notice?: string | null;
  redirect?: string;
}) {
  const { t } = useLingui();
  const days = formatNumber(TRIAL_DAYS);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  // A new member goes on to the first run's steps (docs/product.md, "First run"), signed in already.
  const created = () => {
    onClose();
    void navigate({ to: '/welcome' });
  };
  const signedIn = () => {
    onClose();
    // Checked again here, whatever handed it over: only a path on this origin is followed.
    const target = safeRedirect(redirect);
    if (target && target !== '/') void navigate({ href: target });
    else void navigate({ to: '/', search: {} });
  };
  return (
    <Dialog open={tab !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t`Welcome to Torcedor`} description={t`The age-verified club for cigar enthusiasts.`}>
        {notice ? <p role="alert" className="mb-4 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">{notice}</p> : null}
        <Tabs value={tab ?? 'signup'} onValueChange={(v) => onTabChange(v as AuthTab)}>
          <TabsList className="grid w-full grid-cols-3">
            <TabsTrigger value="signup"><Trans>Sign Up</Trans></TabsTrigger>
            <TabsTrigger value="login"><Trans>Login</Trans></TabsTrigger>
            <TabsTrigger value="trial"><Trans>{days}-Day Trial</Trans></TabsTrigger>
          </TabsList>
          <TabsContent value="signup"><SignUpForm onCreated={created} /></TabsContent>
          <TabsContent value="login"><LoginPanel email={email} onEmail={setEmail} onDone={signedIn} /></TabsContent>
          <TabsContent value="trial"><TrialForm onDone={signedIn} /></TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
