import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { EventForm, type ClubEvent, type EventType } from '@torcedor/shared/schemas/events';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Input, Label, Select, Textarea } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { blankToNull } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useCreateEvent } from '../api/create-event';
import { useLounges } from '../api/list-lounges';
import { useUpdateEvent } from '../api/update-event';
import { AGE_NOTE, EVENT_TYPES, fromLocalInput, toLocalInput } from './event-format';

/**
 * The inputs' strings, converted to the event body (datetime-local values to ISO instants with the member's
 * offset, an empty capacity to null, every event age restricted), then checked by the shared EventForm schema,
 * so the form shows the server's own rules and messages under the fields they concern.
 */
const EventFormInput = z
  .object({
    title: z.string(), description: z.string(), eventType: z.string(), venueName: z.string(), address: z.string(),
    startAt: z.string(), endAt: z.string(), capacity: z.string(),
  })
  .transform((v): z.input<typeof EventForm> => ({
    title: v.title,
    description: blankToNull(v.description),
    eventType: v.eventType as EventType,
    venueName: blankToNull(v.venueName),
    address: blankToNull(v.address),
    startAt: fromLocalInput(v.startAt),
    endAt: v.endAt === '' ? null : fromLocalInput(v.endAt),
    capacity: v.capacity.trim() === '' ? null : Number(v.capacity),
    isAgeRestricted: true,
  }))
  .pipe(EventForm);
type EventFormValues = z.input<typeof EventFormInput>;
export type EventBody = z.output<typeof EventFormInput>;

const EMPTY: EventFormValues = { title: '', description: '', eventType: '', venueName: '', address: '', startAt: '', endAt: '', capacity: '' };

const valuesOf = (e: ClubEvent): EventFormValues => ({
  title: e.title, description: e.description ?? '', eventType: e.eventType, venueName: e.venueName ?? '', address: e.address ?? '',
  startAt: toLocalInput(e.startAt), endAt: toLocalInput(e.endAt), capacity: e.capacity === null ? '' : String(e.capacity),
});

/**
 * Create Event, or (given `event`, for its host) Edit Event: title, description, type, venue and address (a curated
 * lounge may fill both), start and end, capacity. Every event is restricted to adults of legal smoking age.
 */
export function EventFormDialog({ open, onOpenChange, event }: { open: boolean; onOpenChange: (o: boolean) => void; event?: ClubEvent }) {
  const { t, i18n } = useLingui();
  const editing = event !== undefined;
  const { register, handleSubmit, reset, setValue, formState: { errors } } = useForm<EventFormValues, unknown, EventBody>({
    resolver: zodResolver(EventFormInput),
    mode: 'onTouched',
    defaultValues: event ? valuesOf(event) : EMPTY,
  });
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const pending = editing ? update.isPending : create.isPending;
  const lounges = useLounges(open);
  const id = useId();

  const close = (o: boolean) => {
    if (!o) reset(event ? valuesOf(event) : EMPTY);
    onOpenChange(o);
  };

  const pickLounge = (loungeId: string) => {
    const lounge = lounges.data?.find((l) => l.id === loungeId);
    if (!lounge) return;
    setValue('venueName', lounge.name, { shouldValidate: true, shouldDirty: true });
    setValue('address', `${lounge.address}, ${lounge.city}, ${lounge.country}`, { shouldValidate: true, shouldDirty: true });
  };

  const submit = (body: EventBody) => {
    if (event) {
      update.mutate({ id: event.id, body }, {
        onSuccess: (saved) => {
          toast({ title: t`Event updated`, variant: 'success' });
          reset(valuesOf(saved));
          onOpenChange(false);
        },
        onError: (err) => toast({ title: t`Failed to update event`, description: errorDetail(err), variant: 'error' }),
      });
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: t`Event created successfully`, variant: 'success' });
        close(false);
      },
      onError: (err) => toast({ title: t`Failed to create event`, description: errorDetail(err), variant: 'error' }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={editing ? t`Edit Event` : t`Create Event`}
        description={editing ? t`Attendees are notified of the changes.` : t`Host a gathering for the community.`}
        className="max-w-xl"
      >
        <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate aria-label={editing ? t`Edit event` : t`Create event`}>
          <FormField label={t`Title`} error={errors.title?.message}>{(p) => <Input {...p} required {...register('title')} />}</FormField>
          <FormField label={t`Description`} error={errors.description?.message}>{(p) => <Textarea {...p} {...register('description')} />}</FormField>
          <FormField label={t`Event type`} error={errors.eventType?.message}>
            {(p) => (
              <Select {...p} required {...register('eventType')}>
                <option value="">{t`Choose a type`}</option>
                {EVENT_TYPES.map((type) => <option key={type.value} value={type.value}>{i18n._(type.label)}</option>)}
              </Select>
            )}
          </FormField>
          {lounges.data?.length ? (
            <div>
              <Label htmlFor={`${id}-lounge`}>{t`Pick a lounge (optional)`}</Label>
              <Select id={`${id}-lounge`} defaultValue="" onChange={(e) => pickLounge(e.target.value)}>
                <option value="">{t`Choose a lounge to fill the venue and address`}</option>
                {lounges.data.map((l) => <option key={l.id} value={l.id}>{l.name} · {l.city}</option>)}
              </Select>
            </div>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label={t`Venue name`} error={errors.venueName?.message}>{(p) => <Input {...p} {...register('venueName')} />}</FormField>
            <FormField label={t`Address`} error={errors.address?.message}>{(p) => <Input {...p} {...register('address')} />}</FormField>
            <FormField label={t`Start date and time`} error={errors.startAt?.message}>{(p) => <Input {...p} type="datetime-local" required {...register('startAt')} />}</FormField>
            <FormField label={t`End date and time`} error={errors.endAt?.message}>{(p) => <Input {...p} type="datetime-local" {...register('endAt')} />}</FormField>
            <FormField label={t`Capacity`} hint={t`Leave empty for no limit.`} error={errors.capacity?.message}>
              {(p) => <Input {...p} type="number" min={1} step={1} inputMode="numeric" {...register('capacity')} />}
            </FormField>
          </div>
          <p className="rounded-md bg-primary/10 p-2 text-sm">{i18n._(AGE_NOTE)}</p>
          <FormActions
            onCancel={() => close(false)} label={editing ? t`Save Changes` : t`Create Event`} pendingLabel={editing ? t`Saving...` : t`Creating...`} pending={pending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
