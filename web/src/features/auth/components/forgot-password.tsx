import { zodResolver } from '@hookform/resolvers/zod';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { EMAIL_CODES, INVALID_CODE_MESSAGE } from '@torcedor/shared/constants';
import { ForgotPasswordBody, ResetPasswordBody } from '@torcedor/shared/schemas/identity';
import { useEffect, useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError, errorText } from '@/lib/api-client';
import { formatNumber } from '@/lib/numbers';
import { codeRequestErrorText } from '@/lib/retry-after';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { passwordRules } from '../password-rules';

const RESET_HOURS = EMAIL_CODES.resetTtlSeconds / 3600;
/** The one answer to a request for a code: the same whether or not an account has the address. */
function useCodeSentText(): string {
  const { t } = useLingui();
  const digits = formatNumber(EMAIL_CODES.digits);
  const hours = RESET_HOURS;
  return t({
    message: plural(hours, {
      one: `If an account exists for that address, we sent a ${digits}-digit code. It is valid for # hour.`,
      other: `If an account exists for that address, we sent a ${digits}-digit code. It is valid for # hours.`,
    }),
  });
}

type RequestValues = z.input<typeof ForgotPasswordBody>;

/** Step one: the address to send a reset code to. */
function RequestCodeForm({ email, onSent, onBack }: { email: string; onSent: (email: string) => void; onBack: () => void }) {
  const { t } = useLingui();
  const digits = formatNumber(EMAIL_CODES.digits);
  const { register, handleSubmit, setFocus, setError, formState: { errors } } = useForm<RequestValues, unknown, z.output<typeof ForgotPasswordBody>>({
    resolver: zodResolver(ForgotPasswordBody),
    defaultValues: { email },
  });
  const send = useForgotPassword();
  useEffect(() => setFocus('email'), [setFocus]);
  const submit = (body: z.output<typeof ForgotPasswordBody>) => {
    send.mutate(body, {
      onSuccess: () => onSent(body.email),
      onError: (err) => setError('root', { message: codeRequestErrorText(err, t`We could not send the code. Please try again in a moment.`) }),
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate aria-label={t`Reset password`}>
      <div>
        <h3 className="font-serif text-lg font-semibold text-fg"><Trans>Forgot your password?</Trans></h3>
        <p className="mt-1 text-sm text-muted">
          <Trans>It happens to the best of us. Enter the email address of your account and we will send you a {digits}-digit code to choose a new password.</Trans>
        </p>
      </div>
      <FormField label={t`Email`} error={errors.email?.message}>{(p) => <Input {...p} type="email" autoComplete="email" {...register('email')} />}</FormField>
      <FieldError message={errors.root?.message} />
      <Button type="submit" className="w-full" disabled={send.isPending}>{send.isPending ? t`Sending...` : t`Send code`}</Button>
      <Button variant="ghost" className="w-full" onClick={onBack}><Trans>Back to log in</Trans></Button>
    </form>
  );
}

type ResetValues = z.input<typeof ResetPasswordBody>;
const RESET_FIELDS = ['code', 'password', 'email'] as const;

/** The server's refusal of a reset, put under the field it is about; false when it is about none. */
function showOnFields(err: unknown, setError: UseFormSetError<ResetValues>): boolean {
  if (!(err instanceof ApiError) || err.status !== 400 || !err.body) return false;
  const { code, message, issues } = err.body;
  // The code's text in the member's language (errorText), else the server's words.
  if (code === 'INVALID_CODE') setError('code', { message: errorText(err, message || INVALID_CODE_MESSAGE) }, { shouldFocus: true });
  else if (code === 'WEAK_PASSWORD') setError('password', { message: errorText(err, message) }, { shouldFocus: true });
  else {
    const onFields = (issues ?? []).filter((i) => (RESET_FIELDS as readonly unknown[]).includes(i.path[0]));
    onFields.forEach((i, n) => setError(i.path[0] as (typeof RESET_FIELDS)[number], { message: i.message }, { shouldFocus: n === 0 }));
    return onFields.length > 0;
  }
  return true;
}

/** 'Send a new code' on the second step, and a line saying how that went. */
function useSendAgain(email: string) {
  const { t } = useLingui();
  const again = useForgotPassword();
  const button = (
    <Button variant="ghost" size="sm" className="text-primary" disabled={again.isPending} onClick={() => again.mutate({ email })}>
      {again.isPending ? t`Sending...` : t`Send a new code`}
    </Button>
  );
  const sent = useCodeSentText();
  const status = again.isSuccess ? t`${sent} Only the latest code works.`
    : again.isError ? codeRequestErrorText(again.error, t`We could not send the code. Please try again in a moment.`) : null;
  return { button, status, failed: again.isError };
}

/** Step two: the emailed code and the new password (ResetPasswordBody, the sign-up's password rules). */
function ResetForm({ email, onReset, onChangeEmail, onBack }: { email: string; onReset: () => void; onChangeEmail: () => void; onBack: () => void }) {
  const { t } = useLingui();
  const { register, handleSubmit, setFocus, setError, formState: { errors } } = useForm<ResetValues, unknown, z.output<typeof ResetPasswordBody>>({
    resolver: zodResolver(ResetPasswordBody),
    defaultValues: { email, code: '', password: '' },
  });
  const reset = useResetPassword();
  const sendAgain = useSendAgain(email);
  useEffect(() => setFocus('code'), [setFocus]);
  const submit = (body: z.output<typeof ResetPasswordBody>) => {
    reset.mutate(body, {
      onSuccess: onReset,
      onError: (err) => {
        if (!showOnFields(err, setError)) toast({ title: t`Password reset failed`, description: errorText(err, t`We could not change your password. Please try again.`), variant: 'error' });
      },
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate aria-label={t`Choose a new password`}>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <FormField label={t`Code from the email`} error={errors.code?.message}>{(p) => <CodeInput {...p} {...register('code')} />}</FormField>
      <FormField label={t`New password`} error={errors.password?.message} hint={passwordRules()}>
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('password')} />}
      </FormField>
      <FieldError message={errors.email?.message} />
      <Button type="submit" className="w-full" disabled={reset.isPending}>{reset.isPending ? t`Saving...` : t`Set new password`}</Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {sendAgain.button}
        <Button variant="ghost" size="sm" onClick={onChangeEmail}><Trans>Use a different email</Trans></Button>
        <Button variant="ghost" size="sm" onClick={onBack}><Trans>Back to log in</Trans></Button>
      </div>
      <p aria-live="polite" className={sendAgain.failed ? 'text-sm text-danger' : 'text-sm text-muted'}>{sendAgain.status}</p>
    </form>
  );
}

/**
 * The login's 'Forgot password?': the address, then (whatever the answer) the code and a new password. `onReset`
 * gets the address once the password is changed, for the login to be prefilled with it.
 */
export function ForgotPassword({ email: typed, onReset, onBack }: { email: string; onReset: (email: string) => void; onBack: () => void }) {
  const [email, setEmail] = useState(typed.trim());
  const [sent, setSent] = useState(false);
  const codeSent = useCodeSentText();
  return (
    <div className="space-y-3">
      {/* Always there, so the confirmation is announced when it appears. */}
      <div role="status" aria-live="polite">
        {sent ? (
          <div className="rounded-md border border-primary/40 bg-primary/10 p-3 text-sm text-fg">
            <p>{codeSent}</p>
            <p className="mt-1 text-muted"><Trans>Sent to <strong className="font-medium text-fg">{email}</strong>.</Trans></p>
          </div>
        ) : null}
      </div>
      {sent
        ? <ResetForm email={email} onReset={() => onReset(email)} onChangeEmail={() => setSent(false)} onBack={onBack} />
        : <RequestCodeForm email={email} onSent={(e) => { setEmail(e); setSent(true); }} onBack={onBack} />}
    </div>
  );
}
