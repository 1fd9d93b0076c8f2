import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChangeEmailBody, type User } from '@torcedor/shared/schemas/identity';
import { useId, useRef, useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { VerifyEmailForm } from '@/components/verify-email-form';
import { ApiError, errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangeEmail } from '../api/change-email';

type ChangeValues = z.input<typeof ChangeEmailBody>;
const FIELDS = ['email', 'password'] as const;

/** The server's refusal put under its field: a wrong password, an address already taken, or the schema's issues. */
function showOnFields(err: unknown, setError: UseFormSetError<ChangeValues>): boolean {
  if (!(err instanceof ApiError) || !err.body) return false;
  const { code, message, issues } = err.body;
  if (code === 'INVALID_CREDENTIALS') setError('password', { message }, { shouldFocus: true });
  else if (code === 'EMAIL_TAKEN') setError('email', { message }, { shouldFocus: true });
  else {
    const onFields = (issues ?? []).filter((i) => (FIELDS as readonly unknown[]).includes(i.path[0]));
    onFields.forEach((i, n) => setError(i.path[0] as (typeof FIELDS)[number], { message: i.message }, { shouldFocus: n === 0 }));
    return onFields.length > 0;
  }
  return true;
}

/** The new address and the current password (ChangeEmailBody); the new address then gets a code. */
function ChangeEmailForm({ onSent, onCancel }: { onSent: () => void; onCancel?: () => void }) {
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<ChangeValues, unknown, z.output<typeof ChangeEmailBody>>({
    resolver: zodResolver(ChangeEmailBody),
    defaultValues: { email: '', password: '' },
  });
  const { t } = useLingui();
  const change = useChangeEmail();
  const submit = (body: z.output<typeof ChangeEmailBody>) => {
    change.mutate(body, {
      onSuccess: () => {
        reset();
        onSent();
      },
      onError: (err) => {
        if (!showOnFields(err, setError)) toast({ title: t`Error`, description: errorText(err, t`Failed to change your email address. Please try again.`), variant: 'error' });
      },
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} className="max-w-md space-y-3" noValidate aria-label={t`Change email address`}>
      <FormField label={t`New email address`} error={errors.email?.message}>{(p) => <Input {...p} type="email" autoComplete="email" {...register('email')} />}</FormField>
      <FormField label={t`Current password`} error={errors.password?.message} hint={t`To make sure it is really you.`}>
        {(p) => <Input {...p} type="password" autoComplete="current-password" {...register('password')} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={change.isPending}>{change.isPending ? t`Sending code...` : t`Change Email`}</Button>
        {onCancel ? <Button variant="ghost" onClick={onCancel}><Trans>Cancel</Trans></Button> : null}
      </div>
    </form>
  );
}

function AddressState({ verified }: { verified: boolean | null }) {
  const { t } = useLingui();
  return verified
    ? <Badge className="bg-success/15 text-success">{t`Verified`}</Badge>
    : <Badge className="bg-warning/15 text-warning">{t`Not verified`}</Badge>;
}

/**
 * Settings' 'Email address': the address and whether it is verified, and a change of address. A change waits for
 * the code sent to the new address (shown as pending); verifying it switches the address. A trial account has none.
 */
export function EmailSection({ user }: { user: User }) {
  const { t } = useLingui();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [changing, setChanging] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const pending = user.pendingEmail;
  const title = <h3 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none"><Trans>Email address</Trans></h3>;
  if (user.email === null) {
    return <section aria-labelledby={titleId}>{title}<p className="text-sm text-muted"><Trans>A trial account has no email address.</Trans></p></section>;
  }
  const verified = (u: User) => {
    const address = u.email ?? '';
    toast({ title: t`Email address updated`, description: t`Your address is now ${address}.`, variant: 'success' });
    heading.current?.focus();
  };
  const current = user.email;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      {title}
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted">{t`Current address:`}</span><strong className="font-medium text-fg">{user.email}</strong><AddressState verified={user.emailVerified} />
      </p>
      {user.emailVerified === false && !pending ? <p className="text-sm text-muted"><Trans>Enter the code from our email in the banner at the top of the page.</Trans></p> : null}
      <div role="status" aria-live="polite">
        {pending ? (
          <p className="rounded-md border border-primary/40 bg-primary/10 p-3 text-sm text-fg">
            <Trans>
              We sent a code to <strong className="font-medium">{pending}</strong>. Enter it below to make it your address; until then we keep writing
              to {current}.
            </Trans>
          </p>
        ) : null}
      </div>
      {pending ? <VerifyEmailForm key={pending} sentTo={pending} autoFocus={justSent} onVerified={verified} /> : null}
      {pending && !changing ? <Button variant="ghost" size="sm" className="text-primary" onClick={() => setChanging(true)}><Trans>Use a different address</Trans></Button> : null}
      {!pending || changing
        ? <ChangeEmailForm onSent={() => { setChanging(false); setJustSent(true); }} onCancel={pending ? () => setChanging(false) : undefined} />
        : null}
    </section>
  );
}
