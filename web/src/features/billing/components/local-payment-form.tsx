import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCAL_TEST_CARDS, LocalConfirmBody } from '@torcedor/shared/schemas/billing';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useConfirmLocalPayment } from '../api/confirm-local-payment';

type Confirm = z.output<typeof LocalConfirmBody>;

/** Digits in groups of four, as a card shows them ('4242 4242 4242 4242'). */
export const groupCardNumber = (v: string) => v.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** 'MM / YY' as typed: the separator comes with the first digit of the year, and goes with it. */
export const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

const TEST_CARDS = {
  succeeds: groupCardNumber(LOCAL_TEST_CARDS.succeeds),
  declined: groupCardNumber(LOCAL_TEST_CARDS.declined),
  requiresAction: groupCardNumber(LOCAL_TEST_CARDS.requiresAction),
};

/** MM / YY to the body's month and four-digit year (20YY), checked by the shared schema's own rules and messages. */
const Expiry = z.object({ expMonth: LocalConfirmBody.shape.expMonth, expYear: LocalConfirmBody.shape.expYear });
const expiryInput = z.string().transform((v, ctx) => {
  const d = v.replace(/\D/g, '');
  const parsed = Expiry.safeParse({
    expMonth: d.length >= 1 ? Number(d.slice(0, 2)) : undefined,
    expYear: d.length === 4 ? 2000 + Number(d.slice(2)) : undefined,
  });
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
  return z.NEVER;
});

/** The inputs' strings, each checked by its field's rules of the shared LocalConfirmBody, then the whole body by it. */
const cardForm = (clientSecret: string) =>
  z.object({ cardNumber: LocalConfirmBody.shape.cardNumber, expiry: expiryInput, cvc: LocalConfirmBody.shape.cvc })
    .transform(({ cardNumber, expiry, cvc }): z.input<typeof LocalConfirmBody> => ({ clientSecret, cardNumber, cvc, ...expiry }))
    .pipe(LocalConfirmBody);
type CardValues = z.input<ReturnType<typeof cardForm>>;

/** Rewrites an input's value as formatted, keeping the caret after the same number of digits. */
function reformat(e: ChangeEvent<HTMLInputElement>, format: (v: string) => string) {
  const input = e.target;
  const digitsBefore = input.value.slice(0, input.selectionStart ?? input.value.length).replace(/\D/g, '').length;
  const next = format(input.value);
  if (next === input.value) return;
  input.value = next;
  let caret = 0;
  for (let seen = 0; caret < next.length && seen < digitsBefore; caret++) if (/\d/.test(next[caret]!)) seen++;
  input.setSelectionRange?.(caret, caret);
}

/**
 * The local payment provider's card form (test mode: no Stripe key is configured). Confirms with
 * POST /api/billing/local/confirm; a confirmation step ('requires_action') is answered in a dialog that confirms again.
 */
export function LocalPaymentForm({ clientSecret, onPaid }: { clientSecret: string; onPaid: () => void }) {
  const { t } = useLingui();
  const { succeeds, declined, requiresAction } = TEST_CARDS;
  const schema = useMemo(() => cardForm(clientSecret), [clientSecret]);
  const { register, handleSubmit, formState: { errors } } = useForm<CardValues, unknown, Confirm>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const confirm = useConfirmLocalPayment();
  /** The card awaiting the confirmation step's answer. */
  const [stepFor, setStepFor] = useState<Confirm | null>(null);

  const send = (body: Confirm) => {
    confirm.mutate(body, {
      onSuccess: ({ status }) => {
        if (status === 'requires_action') {
          setStepFor(body);
          return;
        }
        setStepFor(null);
        onPaid();
      },
      onError: (error) => {
        setStepFor(null);
        toast({ title: t`Payment Failed`, description: errorText(error, t`Your payment could not be completed.`), variant: 'error' });
      },
    });
  };

  const card = register('cardNumber');
  const expiry = register('expiry');
  return (
    <>
      <form onSubmit={handleSubmit((body) => send(body))} noValidate aria-label={t`Card payment`} className="space-y-4">
        <div className="flex flex-wrap items-start gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
          <Badge className="bg-warning/20 text-warning"><Trans>Test mode</Trans></Badge>
          <p className="min-w-0 flex-1">
            <Trans>No real card is charged. Use {succeeds} to pay, {declined} to see a decline, {requiresAction} to see a confirmation step.</Trans>
          </p>
        </div>
        <FormField label={t`Card number`} error={errors.cardNumber?.message}>
          {(p) => (
            <Input
              {...p} {...card} inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234"
              onChange={(e) => { reformat(e, groupCardNumber); void card.onChange(e); }}
            />
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField label={t`Expiry (MM / YY)`} error={errors.expiry?.message}>
            {(p) => (
              <Input
                {...p} {...expiry} inputMode="numeric" autoComplete="cc-exp" placeholder={t`MM / YY`}
                onChange={(e) => { reformat(e, formatExpiry); void expiry.onChange(e); }}
              />
            )}
          </FormField>
          <FormField label={t`CVC`} error={errors.cvc?.message}>
            {(p) => <Input {...p} {...register('cvc')} inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} />}
          </FormField>
        </div>
        <Button type="submit" className="w-full" disabled={confirm.isPending}>{confirm.isPending ? t`Processing...` : t`Complete Payment`}</Button>
      </form>
      <Dialog open={stepFor !== null} onOpenChange={(open) => { if (!open && !confirm.isPending) setStepFor(null); }}>
        {stepFor ? (
          <DialogContent title={t`Confirm this payment`} description={t`Your bank asks you to confirm this test payment.`} className="max-w-md">
            <div className="flex justify-end gap-2">
              <Button variant="outline" disabled={confirm.isPending} onClick={() => send({ ...stepFor, authentication: 'fail' })}>{t({ message: 'Fail', context: 'test payment confirmation step' })}</Button>
              <Button disabled={confirm.isPending} onClick={() => send({ ...stepFor, authentication: 'complete' })}>{t({ message: 'Complete', context: 'test payment confirmation step' })}</Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
