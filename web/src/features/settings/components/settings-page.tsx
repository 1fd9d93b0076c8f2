import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BIO_MAX_LENGTH } from '@torcedor/shared/constants';
import {
  DELETE_CONFIRMATION, DeleteAccountBody, NotificationSettings, Preferences, PrivacySettings, ProfileUpdate, type User,
} from '@torcedor/shared/schemas/identity';
import { Download, LogOut, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { TastePicker } from '@/components/taste-picker';
import { useLogOut } from '@/lib/api/log-out';
import { useUpdateTastes } from '@/lib/api/update-tastes';
import { Card, PageTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { SwitchField } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, errorText } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';
import { activateLanguage, LANGUAGE_NAMES, LANGUAGES } from '@/lib/i18n';
import { displayName } from '@torcedor/shared/formatters';
import { blankToNull, fromInput } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useExportData } from '../api/export-data';
import { useUpdateSettings } from '../api/update-settings';
import { BlockedMembers } from './blocked-members';
import { EmailSection } from './email-section';


/** The profile update's body (ProfileUpdate) from the inputs: trimmed, empty sent as null, then the shared rules. */
const ProfileForm = ProfileUpdate.extend({
  displayName: fromInput(blankToNull, ProfileUpdate.shape.displayName),
  location: fromInput(blankToNull, ProfileUpdate.shape.location),
  bio: fromInput(blankToNull, ProfileUpdate.shape.bio),
});

function ProfileTab({ user }: { user: User }) {
  const { register, handleSubmit, control, formState: { errors } } = useForm<z.input<typeof ProfileForm>, unknown, z.output<typeof ProfileForm>>({
    resolver: zodResolver(ProfileForm),
    defaultValues: { displayName: user.displayName ?? '', location: user.location ?? '', bio: user.bio ?? '' },
  });
  const { t } = useLingui();
  const save = useUpdateSettings('profile');
  const bio = useWatch({ control, name: 'bio' });
  const submit = (body: z.output<typeof ProfileForm>) => {
    save.mutate(body, {
      onSuccess: () => toast({ title: t`Profile updated`, description: t`Your profile has been saved.`, variant: 'success' }),
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to update profile. Please try again.`), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-4" noValidate aria-label={t`Profile settings`}>
      <div className="flex items-center gap-4">
        <div className="flex h-16 w-16 items-center justify-center rounded-full bg-primary text-2xl font-bold text-primary-fg" aria-hidden>
          {displayName(user).slice(0, 1).toUpperCase()}
        </div>
        <p className="text-sm text-muted"><Trans>Your photo is changed from your profile page.</Trans></p>
      </div>
      <FormField label={t`Display name`} error={errors.displayName?.message}>{(p) => <Input {...p} maxLength={80} {...register('displayName')} />}</FormField>
      <FormField label={t({ message: 'Location', context: 'where the member lives' })} error={errors.location?.message}>{(p) => <Input {...p} maxLength={120} {...register('location')} />}</FormField>
      <FormField label={t`Bio`} error={errors.bio?.message} hint={<span className="block text-right" aria-live="polite">{bio?.length ?? 0}/{BIO_MAX_LENGTH}</span>}>
        {(p) => <Textarea {...p} maxLength={BIO_MAX_LENGTH} {...register('bio')} />}
      </FormField>
      <Button type="submit" disabled={save.isPending}>{save.isPending ? t`Saving...` : t`Save Profile`}</Button>
    </form>
  );
}

type PrivacyValues = z.input<typeof PrivacySettings>;

function PrivacyTab({ user }: { user: User }) {
  const { register, handleSubmit, control, formState: { errors } } = useForm<PrivacyValues, unknown, z.output<typeof PrivacySettings>>({
    resolver: zodResolver(PrivacySettings),
    defaultValues: {
      profileVisibility: user.profileVisibility, allowFollowRequests: user.allowFollowRequests,
      showLocationInProfile: user.showLocationInProfile, allowDirectMessages: user.allowDirectMessages,
    },
  });
  const { t } = useLingui();
  const save = useUpdateSettings('privacy');
  const submit = (body: z.output<typeof PrivacySettings>) => {
    save.mutate(body, {
      onSuccess: () => toast({ title: t`Privacy settings updated`, description: t`Your privacy settings have been saved.`, variant: 'success' }),
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to update privacy settings. Please try again.`), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-2" noValidate aria-label={t`Privacy settings`}>
      <FormField label={t`Profile visibility`} error={errors.profileVisibility?.message}>
        {(p) => (
          <Select {...p} {...register('profileVisibility')}>
            <option value="public">{t`Public`}</option><option value="followers">{t`Followers only`}</option><option value="private">{t`Private`}</option>
          </Select>
        )}
      </FormField>
      <SwitchSetting control={control} name="allowFollowRequests" label={t`Allow follow requests`} />
      <SwitchSetting control={control} name="showLocationInProfile" label={t`Show location on my profile`} />
      <FormField label={t`Direct messages from`} error={errors.allowDirectMessages?.message}>
        {(p) => (
          <Select {...p} {...register('allowDirectMessages')}>
            <option value="everyone">{t`Everyone`}</option><option value="followers">{t`Followers`}</option><option value="none">{t`No one`}</option>
          </Select>
        )}
      </FormField>
      <Button type="submit" className="mt-4" disabled={save.isPending}>{save.isPending ? t`Saving...` : t`Save Privacy Settings`}</Button>
    </form>
  );
}

function PrivacyAndBlocks({ user }: { user: User }) {
  return (
    <>
      <PrivacyTab user={user} />
      <BlockedMembers />
    </>
  );
}

/** A boolean setting of a settings form, as a switch. */
function SwitchSetting<T extends FieldValues>({ control, name, label, description }: { control: Control<T>; name: Path<T>; label: string; description?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <SwitchField label={label} description={description} checked={field.value === true} onCheckedChange={field.onChange} />}
    />
  );
}

/** The notification switches: each setting, its label and what it sends. */
const NOTIFICATION_ROWS = [
  ['emailNotifications', msg`Email notifications`, msg`Important account and activity emails`],
  ['followNotifications', msg`New followers`, msg`When someone follows you`],
  ['reviewNotifications', msg`Reviews`, msg`Activity on your reviews`],
  ['eventNotifications', msg`Events`, msg`Reminders and updates for events`],
  ['messageNotifications', msg`Messages`, msg`Unread direct messages, in the hourly digest`],
  ['marketingEmails', msg`Marketing emails`, msg`News and offers from Torcedor`],
] as const;

function NotificationsTab({ user }: { user: User }) {
  const { handleSubmit, control } = useForm<z.input<typeof NotificationSettings>, unknown, z.output<typeof NotificationSettings>>({
    resolver: zodResolver(NotificationSettings),
    defaultValues: {
      emailNotifications: user.emailNotifications, followNotifications: user.followNotifications, reviewNotifications: user.reviewNotifications,
      eventNotifications: user.eventNotifications, messageNotifications: user.messageNotifications, marketingEmails: user.marketingEmails,
    },
  });
  const { t, i18n } = useLingui();
  const save = useUpdateSettings('notifications');
  const submit = (body: z.output<typeof NotificationSettings>) => {
    save.mutate(body, {
      onSuccess: () => toast({ title: t`Notification settings updated`, description: t`Your notification preferences have been saved.`, variant: 'success' }),
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to update notification settings. Please try again.`), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={t`Notification settings`}>
      {NOTIFICATION_ROWS.map(([k, label, text]) => <SwitchSetting key={k} control={control} name={k} label={i18n._(label)} description={i18n._(text)} />)}
      <Button type="submit" className="mt-4" disabled={save.isPending}>{save.isPending ? t`Saving...` : t`Save Notification Settings`}</Button>
    </form>
  );
}

function PreferencesTab({ user }: { user: User }) {
  const { register, handleSubmit, control, formState: { errors } } = useForm<z.input<typeof Preferences>, unknown, z.output<typeof Preferences>>({
    resolver: zodResolver(Preferences),
    defaultValues: { language: user.language, contentFilter: user.contentFilter, showMatureContent: user.showMatureContent },
  });
  const { t } = useLingui();
  const save = useUpdateSettings('preferences');
  const submit = (body: z.output<typeof Preferences>) => {
    save.mutate(body, {
      // A new language applies at once (docs/i18n.md): the toast is already written in it.
      onSuccess: () => void activateLanguage(body.language).then(() =>
        toast({ title: t`Preferences updated`, description: t`Your preferences have been saved.`, variant: 'success' })),
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to update preferences. Please try again.`), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate aria-label={t`Preferences`}>
      <FormField label={t`Language`} error={errors.language?.message}>
        {(p) => (
          <Select {...p} {...register('language')}>
            {LANGUAGES.map((lang) => <option key={lang} value={lang} lang={lang}>{LANGUAGE_NAMES[lang]}</option>)}
          </Select>
        )}
      </FormField>
      <FormField label={t`Content filter`} error={errors.contentFilter?.message}>
        {(p) => (
          <Select {...p} {...register('contentFilter')}>
            <option value="minimal">{t`Minimal`}</option><option value="standard">{t`Standard`}</option><option value="strict">{t`Strict`}</option>
          </Select>
        )}
      </FormField>
      <SwitchSetting control={control} name="showMatureContent" label={t`Show mature content`} />
      <Button type="submit" disabled={save.isPending}>{save.isPending ? t`Saving...` : t`Save Preferences`}</Button>
    </form>
  );
}

/** What the member likes (docs/product.md, "First run"): the chips the first run showed, saved on their own. */
function TastesForm({ user }: { user: User }) {
  const { t } = useLingui();
  const [tastes, setTastes] = useState(user.tastes);
  const save = useUpdateTastes();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(tastes, {
      onSuccess: () => toast({ title: t`Preferences updated`, description: t`Your tastes have been saved.`, variant: 'success' }),
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to update preferences. Please try again.`), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={submit} className="mt-8 space-y-4 border-t border-border pt-6" noValidate aria-label={t`Your tastes`}>
      <div>
        <h3 className="text-lg font-semibold"><Trans>Your tastes</Trans></h3>
        <p className="text-sm text-muted"><Trans>What you like: members who smoke the same are suggested to you.</Trans></p>
      </div>
      <TastePicker value={tastes} onChange={setTastes} />
      <Button type="submit" disabled={save.isPending}>{save.isPending ? t`Saving...` : t`Save Tastes`}</Button>
    </form>
  );
}

/**
 * The delete form's rules: the shared body's, with the password required of members who have one. A trial member
 * has no password they know, so for them the typed confirmation alone is enough (the server decides the same).
 */
const MemberDeleteForm = DeleteAccountBody.required({ password: true });

function DeleteAccount({ user }: { user: User }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const needsPassword = !user.isTrial;
  const { register, handleSubmit, reset, setError, formState: { errors, isValid } } = useForm<z.input<typeof DeleteAccountBody>, unknown, z.output<typeof DeleteAccountBody>>({
    resolver: zodResolver(needsPassword ? MemberDeleteForm : DeleteAccountBody),
    mode: 'onTouched',
  });
  const del = useDeleteAccount();
  const confirm = (body: z.output<typeof DeleteAccountBody>) => {
    del.mutate(needsPassword ? body : { confirmation: body.confirmation }, {
      onSuccess: () => window.location.assign('/'),
      onError: (err) => {
        // A wrong password: the server's generic answer, under the password too.
        if (needsPassword && err instanceof ApiError && err.body?.code === 'INVALID_CREDENTIALS') {
          setError('password', { message: err.body.message }, { shouldFocus: true });
        }
        toast({ title: t`Error`, description: errorText(err, t`Failed to delete your account. Please try again.`), variant: 'error' });
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={(o) => { setOpen(o); reset(); }}>
      <Button variant="danger" onClick={() => setOpen(true)}><Trash2 className="h-4 w-4" aria-hidden /><Trans>Delete Account</Trans></Button>
      <DialogContent
        title={t`Delete your account?`}
        description={t`This permanently deletes your account, profile, humidor, wishlist, posts, reviews and every other record of you. It cannot be undone.`}
      >
        <form onSubmit={handleSubmit(confirm)} className="space-y-3" noValidate aria-label={t`Delete account`}>
          <FormField label={t`Type ${DELETE_CONFIRMATION} to confirm`} error={errors.confirmation?.message}>
            {(p) => <Input {...p} autoComplete="off" {...register('confirmation')} />}
          </FormField>
          {needsPassword ? (
            <FormField label={t`Password`} error={errors.password?.message}>
              {(p) => <Input {...p} type="password" autoComplete="current-password" {...register('password')} />}
            </FormField>
          ) : null}
          <FormActions
            onCancel={() => setOpen(false)} label={t`Delete permanently`} pendingLabel={t`Deleting...`} pending={del.isPending} disabled={!isValid} variant="danger"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SecurityTab({ user }: { user: User }) {
  const { t } = useLingui();
  const exp = useExportData();
  const logOut = useLogOut();
  return (
    <div className="space-y-6">
      <EmailSection user={user} />
      <section>
        <h3 className="text-lg font-semibold"><Trans>Sign-in</Trans></h3>
        <p className="text-sm text-muted">
          <Trans>You are signed in on this browser with a secure session that renews itself. Logging out ends it on our servers too.</Trans>
        </p>
        <Button variant="outline" className="mt-3" onClick={() => logOut.mutate()} disabled={logOut.isPending}>
          <LogOut className="h-4 w-4" aria-hidden />{logOut.isPending ? t`Logging out...` : t`Log out`}
        </Button>
      </section>
      <section>
        <h3 className="text-lg font-semibold"><Trans>Your data</Trans></h3>
        <p className="text-sm text-muted"><Trans>Download everything Torcedor holds about you as one JSON file.</Trans></p>
        <Button
          variant="outline" className="mt-3" disabled={exp.isPending}
          onClick={() => exp.mutate(undefined, {
            onSuccess: () => toast({ title: t`Export ready`, description: t`Your data has been downloaded.`, variant: 'success' }),
            onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to export your data. Please try again.`), variant: 'error' }),
          })}
        >
          <Download className="h-4 w-4" aria-hidden />{exp.isPending ? t`Preparing...` : t`Request Download`}
        </Button>
      </section>
      <section>
        <h3 className="text-lg font-semibold"><Trans>Delete account</Trans></h3>
        <p className="mb-3 text-sm text-muted"><Trans>Remove your account and all of its data for good.</Trans></p>
        <DeleteAccount user={user} />
      </section>
      <section className="rounded-lg border border-border p-4">
        <h3 className="flex items-center gap-2 font-semibold"><ShieldCheck className="h-4 w-4 text-primary" aria-hidden /><Trans>Security reminders</Trans></h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
          <li><Trans>Use a password you do not use anywhere else.</Trans></li>
          <li><Trans>Log out on shared computers.</Trans></li>
          <li><Trans>Torcedor will never ask for your password by email or message.</Trans></li>
        </ul>
      </section>
    </div>
  );
}

/** Settings (docs/product.md, "Screens"): five tabs, switching is local; each save refetches the user. */
export function SettingsPage() {
  const { t } = useLingui();
  const { data: user, isPending } = useQuery(currentUserQuery);
  if (isPending || !user) return <p><Trans>Loading...</Trans></p>;
  return (
    <>
      <PageTitle title={t`Settings`} subtitle={t`Manage your profile, privacy and account.`} />
      <Card>
        <Tabs defaultValue="profile">
          <TabsList>
            <TabsTrigger value="profile"><Trans>Profile</Trans></TabsTrigger>
            <TabsTrigger value="privacy"><Trans>Privacy</Trans></TabsTrigger>
            <TabsTrigger value="notifications"><Trans>Notifications</Trans></TabsTrigger>
            <TabsTrigger value="preferences"><Trans>Preferences</Trans></TabsTrigger>
            <TabsTrigger value="security"><Trans>Security</Trans></TabsTrigger>
          </TabsList>
          <TabsContent value="profile"><ProfileTab user={user} /></TabsContent>
          <TabsContent value="privacy"><PrivacyAndBlocks user={user} /></TabsContent>
          <TabsContent value="notifications"><NotificationsTab user={user} /></TabsContent>
          <TabsContent value="preferences"><PreferencesTab user={user} /><TastesForm user={user} /></TabsContent>
          <TabsContent value="security"><SecurityTab user={user} /></TabsContent>
        </Tabs>
      </Card>
    </>
  );
}
