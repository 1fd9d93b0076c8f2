import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '@torcedor/shared/constants';
import { SUPPORT_CATEGORIES, SupportRequestBody } from '@torcedor/shared/schemas/support';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { ApiError, errorText } from '@/lib/api-client';
import { fromInput } from '@/lib/form';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useCreateSupportRequest } from '../api/create-support-request';
import { CATEGORY_LABELS, type SupportCategory } from './support-format';

/** The request body (SupportRequestBody) from the inputs: the topic select holds '' until one is chosen. */
const SupportForm = SupportRequestBody.extend({
  category: fromInput((v) => v as SupportCategory, SupportRequestBody.shape.category),
});
type Values = z.input<typeof SupportForm>;
type Body = z.output<typeof SupportForm>;
const FIELDS = ['category', 'subject', 'message'] as const;
const EMPTY: Values = { category: '', subject: '', message: '' };

/** The support form: topic, subject and message, checked by the shared schema (its messages under the fields). */
export function SupportRequestForm() {
  const { t, i18n } = useLingui();
  const { register, handleSubmit, reset, setError, control, formState: { errors } } = useForm<Values, unknown, Body>({
    resolver: zodResolver(SupportForm),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const send = useCreateSupportRequest();
  const message = useWatch({ control, name: 'message' });

  const submit = (body: Body) => {
    send.mutate(body, {
      onSuccess: (sent) => {
        toast({
          title: t`Request sent`,
          description: sent.priority ? t`Priority support: we answer premium members first.` : t`We will get back to you by email.`,
          variant: 'success',
        });
        reset(EMPTY);
      },
      onError: (err) => {
        // The server's own field problems (the same rules) go under their fields too.
        if (err instanceof ApiError && err.status === 400) {
          for (const issue of err.body?.issues ?? []) {
            const field = FIELDS.find((f) => f === issue.path[0]);
            if (field) setError(field, { message: issue.message });
          }
        }
        toast({ title: t`Error`, description: errorText(err, t`Failed to send your request. Please try again.`), variant: 'error' });
      },
    });
  };

  return (
    <Card>
      <h2 className="mb-4 text-xl font-semibold"><Trans>Contact Support</Trans></h2>
      <form onSubmit={handleSubmit(submit)} className="space-y-4" noValidate aria-label={t`Support request`}>
        <FormField label={t`Topic`} error={errors.category?.message}>
          {(p) => (
            <Select {...p} required {...register('category')}>
              <option value="">{t`Choose a topic`}</option>
              {SUPPORT_CATEGORIES.map((c) => <option key={c} value={c}>{i18n._(CATEGORY_LABELS[c])}</option>)}
            </Select>
          )}
        </FormField>
        <FormField label={t`Subject`} error={errors.subject?.message}>
          {(p) => <Input {...p} required maxLength={SUPPORT_SUBJECT_MAX_LENGTH} {...register('subject')} />}
        </FormField>
        <FormField
          label={t({ message: 'Message', context: 'noun' })}
          error={errors.message?.message}
          hint={<span className="block text-right" aria-live="polite">{formatNumber(message?.length ?? 0)}/{formatNumber(SUPPORT_MESSAGE_MAX_LENGTH)}</span>}
        >
          {(p) => <Textarea {...p} required rows={6} maxLength={SUPPORT_MESSAGE_MAX_LENGTH} {...register('message')} />}
        </FormField>
        <Button type="submit" disabled={send.isPending}>{send.isPending ? t`Sending...` : t`Send Request`}</Button>
      </form>
    </Card>
  );
}
