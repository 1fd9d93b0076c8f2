import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { INVALID_CODE_MESSAGE } from '@torcedor/shared/constants';
import { VerifyEmailBody, type User } from '@torcedor/shared/schemas/identity';
import { Check } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { CodeInput } from '@/components/ui/code-input';
import { errorText } from '@/lib/api-client';
import { useResendVerification } from '@/lib/api/resend-verification';
import { isInvalidCode, useVerifyEmail } from '@/lib/api/verify-email';
import { cn } from '@/lib/cn';
import { codeRequestErrorText } from '@/lib/retry-after';
import { toast } from '@/lib/toast';

type CodeValues = z.input<typeof VerifyEmailBody>;

/** How long 'Sent' stays on the resend button before another code may be asked for. */
const SENT_MS = 30_000;

/**
 * 'Resend code': 'Sent' for a while once a new code is on its way, with a line saying where it went; a refusal
 * (too many asked for) says when to ask again.
 */
function useResendCode(sentTo: string) {
  const { t } = useLingui();
  const { isSuccess, isError, isPending, error, reset, mutate } = useResendVerification();
  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(reset, SENT_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, reset]);
  const button = (
    <Button type="button" variant="outline" disabled={isPending || isSuccess} onClick={() => mutate()}>
      {isSuccess ? <><Check className="h-4 w-4" aria-hidden /><Trans>Sent</Trans></> : isPending ? t`Sending...` : t`Resend code`}
    </Button>
  );
  const status = (
    <p role="status" aria-live="polite" className={cn('text-sm', isError ? 'text-danger' : 'text-muted')}>
      {isSuccess ? t`A new code is on its way to ${sentTo}. Only the latest code works.` : null}
      {isError ? codeRequestErrorText(error, t`We could not send a new code. Please try again in a moment.`) : null}
    </p>
  );
  return { button, status };
}

/**
 * The emailed 6-digit code that proves an address (VerifyEmailBody), with a way to have a new one sent. Used by the
 * signed-in app's banner and by the settings' change of address; the current user is updated from the answer, so
 * both follow at once. A wrong, used-up or expired code shows the server's message under the field.
 */
export function VerifyEmailForm({ sentTo, onVerified, autoFocus = false, className }: {
  sentTo: string;
  onVerified?: (user: User) => void;
  autoFocus?: boolean;
  className?: string;
}) {
  const { register, handleSubmit, setError, setFocus, formState: { errors } } = useForm<CodeValues, unknown, z.output<typeof VerifyEmailBody>>({
    resolver: zodResolver(VerifyEmailBody),
    defaultValues: { code: '' },
  });
  const { t } = useLingui();
  const verify = useVerifyEmail();
  const resend = useResendCode(sentTo);
  useEffect(() => {
    if (autoFocus) setFocus('code');
  }, [autoFocus, setFocus]);

  const submit = (body: z.output<typeof VerifyEmailBody>) => {
    verify.mutate(body, {
      onSuccess: (user) => onVerified?.(user),
      onError: (err) => {
        if (isInvalidCode(err)) return setError('code', { message: err.serverMessage ?? INVALID_CODE_MESSAGE }, { shouldFocus: true });
        toast({ title: t`Verification failed`, description: errorText(err, t`We could not check the code. Please try again.`), variant: 'error' });
      },
    });
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={t`Verify email`} className={cn('space-y-1', className)}>
      <FormField label={t`Verification code`} error={errors.code?.message}>
        {(p) => (
          <div className="flex flex-wrap gap-2">
            <CodeInput {...p} className="w-44" {...register('code')} />
            <Button type="submit" disabled={verify.isPending}>{verify.isPending ? t`Verifying...` : t`Verify`}</Button>
            {resend.button}
          </div>
        )}
      </FormField>
      {resend.status}
    </form>
  );
}
