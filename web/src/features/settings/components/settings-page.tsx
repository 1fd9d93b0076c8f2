import { zodResolver } from '@hookform/resolvers/zod';
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
import { displayName } from '@torcedor/shared/formatters';
import { blankToNull, fromInput } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useExportData } from '../api/export-data';
import { useUpdateSettings } from '../api/update-settings';
import { BlockedMembers } from './blocked-members';
import { EmailSection } from './email-section';

const LANGUAGES = [['en', 'English'], ['es', 'Español'], ['fr', 'Français'], ['de', 'Deutsch'], ['it', 'Italiano']] as const;

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
  const save = useUpdateSettings('profile');
  const bio = useWatch({ control, name: 'bio' });
  const submit = (body: z.output<typeof ProfileForm>) => {
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Profile updated', description: 'Your profile has been saved.', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to update profile. Please try again.'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-4" noValidate aria-label="Profile settings">
      <div className="flex items-center gap-4">
        <div className="flex h-16 w-16 items-center justify-center rounded-full bg-primary text-2xl font-bold text-primary-fg" aria-hidden>
          {displayName(user).slice(0, 1).toUpperCase()}
        </div>
        <p className="text-sm text-muted">Your photo is changed from your profile page.</p>
      </div>
      <FormField label="Display name" error={errors.displayName?.message}>{(p) => <Input {...p} maxLength={80} {...register('displayName')} />}</FormField>
      <FormField label="Location" error={errors.location?.message}>{(p) => <Input {...p} maxLength={120} {...register('location')} />}</FormField>
      <FormField label="Bio" error={errors.bio?.message} hint={<span className="block text-right" aria-live="polite">{bio?.length ?? 0}/{BIO_MAX_LENGTH}</span>}>
        {(p) => <Textarea {...p} maxLength={BIO_MAX_LENGTH} {...register('bio')} />}
      </FormField>
      <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Profile'}</Button>
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
  const save = useUpdateSettings('privacy');
  const submit = (body: z.output<typeof PrivacySettings>) => {
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Privacy settings updated', description: 'Your privacy settings have been saved.', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to update privacy settings. Please try again.'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-2" noValidate aria-label="Privacy settings">
      <FormField label="Profile visibility" error={errors.profileVisibility?.message}>
        {(p) => (
          <Select {...p} {...register('profileVisibility')}>
            <option value="public">Public</option><option value="followers">Followers only</option><option value="private">Private</option>
          </Select>
        )}
      </FormField>
      <SwitchSetting control={control} name="allowFollowRequests" label="Allow follow requests" />
      <SwitchSetting control={control} name="showLocationInProfile" label="Show location on my profile" />
      <FormField label="Direct messages from" error={errors.allowDirectMessages?.message}>
        {(p) => (
          <Select {...p} {...register('allowDirectMessages')}>
            <option value="everyone">Everyone</option><option value="followers">Followers</option><option value="none">No one</option>
          </Select>
        )}
      </FormField>
      <Button type="submit" className="mt-4" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Privacy Settings'}</Button>
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

function NotificationsTab({ user }: { user: User }) {
  const { handleSubmit, control } = useForm<z.input<typeof NotificationSettings>, unknown, z.output<typeof NotificationSettings>>({
    resolver: zodResolver(NotificationSettings),
    defaultValues: {
      emailNotifications: user.emailNotifications, followNotifications: user.followNotifications, reviewNotifications: user.reviewNotifications,
      eventNotifications: user.eventNotifications, messageNotifications: user.messageNotifications, marketingEmails: user.marketingEmails,
    },
  });
  const save = useUpdateSettings('notifications');
  const rows = [
    ['emailNotifications', 'Email notifications', 'Important account and activity emails'],
    ['followNotifications', 'New followers', 'When someone follows you'],
    ['reviewNotifications', 'Reviews', 'Activity on your reviews'],
    ['eventNotifications', 'Events', 'Reminders and updates for events'],
    ['messageNotifications', 'Messages', 'Unread direct messages, in the hourly digest'],
    ['marketingEmails', 'Marketing emails', 'News and offers from Torcedor'],
  ] as const;
  const submit = (body: z.output<typeof NotificationSettings>) => {
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Notification settings updated', description: 'Your notification preferences have been saved.', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to update notification settings. Please try again.'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Notification settings">
      {rows.map(([k, label, text]) => <SwitchSetting key={k} control={control} name={k} label={label} description={text} />)}
      <Button type="submit" className="mt-4" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Notification Settings'}</Button>
    </form>
  );
}

function PreferencesTab({ user }: { user: User }) {
  const { register, handleSubmit, control, formState: { errors } } = useForm<z.input<typeof Preferences>, unknown, z.output<typeof Preferences>>({
    resolver: zodResolver(Preferences),
    defaultValues: { language: user.language, contentFilter: user.contentFilter, showMatureContent: user.showMatureContent },
  });
  const save = useUpdateSettings('preferences');
  const submit = (body: z.output<typeof Preferences>) => {
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Preferences updated', description: 'Your preferences have been saved.', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to update preferences. Please try again.'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate aria-label="Preferences">
      <FormField label="Language" error={errors.language?.message}>
        {(p) => <Select {...p} {...register('language')}>{LANGUAGES.map(([v, l]) => <option key={v} value={v}>{l}</option>)}</Select>}
      </FormField>
      <FormField label="Content filter" error={errors.contentFilter?.message}>
        {(p) => (
          <Select {...p} {...register('contentFilter')}>
            <option value="minimal">Minimal</option><option value="standard">Standard</option><option value="strict">Strict</option>
          </Select>
        )}
      </FormField>
      <SwitchSetting control={control} name="showMatureContent" label="Show mature content" />
      <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Preferences'}</Button>
    </form>
  );
}

/** What the member likes (docs/product.md, "First run"): the chips the first run showed, saved on their own. */
function TastesForm({ user }: { user: User }) {
  const [tastes, setTastes] = useState(user.tastes);
  const save = useUpdateTastes();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(tastes, {
      onSuccess: () => toast({ title: 'Preferences updated', description: 'Your tastes have been saved.', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to update preferences. Please try again.'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={submit} className="mt-8 space-y-4 border-t border-border pt-6" noValidate aria-label="Your tastes">
      <div>
        <h3 className="text-lg font-semibold">Your tastes</h3>
        <p className="text-sm text-muted">What you like: members who smoke the same are suggested to you.</p>
      </div>
      <TastePicker value={tastes} onChange={setTastes} />
      <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Tastes'}</Button>
    </form>
  );
}

/**
 * The delete form's rules: the shared body's, with the password required of members who have one. A trial member
 * has no password they know, so for them the typed confirmation alone is enough (the server decides the same).
 */
const MemberDeleteForm = DeleteAccountBody.required({ password: true });

function DeleteAccount({ user }: { user: User }) {
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
        toast({ title: 'Error', description: errorText(err, 'Failed to delete your account. Please try again.'), variant: 'error' });
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={(o) => { setOpen(o); reset(); }}>
      <Button variant="danger" onClick={() => setOpen(true)}><Trash2 className="h-4 w-4" aria-hidden />Delete Account</Button>
      <DialogContent title="Delete your account?" description="This permanently deletes your account, profile, humidor, wishlist, posts, reviews and every other record of you. It cannot be undone.">
        <form onSubmit={handleSubmit(confirm)} className="space-y-3" noValidate aria-label="Delete account">
          <FormField label={`Type ${DELETE_CONFIRMATION} to confirm`} error={errors.confirmation?.message}>
            {(p) => <Input {...p} autoComplete="off" {...register('confirmation')} />}
          </FormField>
          {needsPassword ? (
            <FormField label="Password" error={errors.password?.message}>
              {(p) => <Input {...p} type="password" autoComplete="current-password" {...register('password')} />}
            </FormField>
          ) : null}
          <FormActions
            onCancel={() => setOpen(false)} label="Delete permanently" pendingLabel="Deleting..." pending={del.isPending} disabled={!isValid} variant="danger"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SecurityTab({ user }: { user: User }) {
  const exp = useExportData();
  const logOut = useLogOut();
  return (
    <div className="space-y-6">
      <EmailSection user={user} />
      <section>
        <h3 className="text-lg font-semibold">Sign-in</h3>
        <p className="text-sm text-muted">You are signed in on this browser with a secure session that renews itself. Logging out ends it on our servers too.</p>
        <Button variant="outline" className="mt-3" onClick={() => logOut.mutate()} disabled={logOut.isPending}>
          <LogOut className="h-4 w-4" aria-hidden />{logOut.isPending ? 'Logging out...' : 'Log out'}
        </Button>
      </section>
      <section>
        <h3 className="text-lg font-semibold">Your data</h3>
        <p className="text-sm text-muted">Download everything Torcedor holds about you as one JSON file.</p>
        <Button
          variant="outline" className="mt-3" disabled={exp.isPending}
          onClick={() => exp.mutate(undefined, {
            onSuccess: () => toast({ title: 'Export ready', description: 'Your data has been downloaded.', variant: 'success' }),
            onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to export your data. Please try again.'), variant: 'error' }),
          })}
        >
          <Download className="h-4 w-4" aria-hidden />{exp.isPending ? 'Preparing...' : 'Request Download'}
        </Button>
      </section>
      <section>
        <h3 className="text-lg font-semibold">Delete account</h3>
        <p className="mb-3 text-sm text-muted">Remove your account and all of its data for good.</p>
        <DeleteAccount user={user} />
      </section>
      <section className="rounded-lg border border-border p-4">
        <h3 className="flex items-center gap-2 font-semibold"><ShieldCheck className="h-4 w-4 text-primary" aria-hidden />Security reminders</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
          <li>Use a password you do not use anywhere else.</li>
          <li>Log out on shared computers.</li>
          <li>Torcedor will never ask for your password by email or message.</li>
        </ul>
      </section>
    </div>
  );
}

/** Settings (docs/product.md, "Screens"): five tabs, switching is local; each save refetches the user. */
export function SettingsPage() {
  const { data: user, isPending } = useQuery(currentUserQuery);
  if (isPending || !user) return <p>Loading...</p>;
  return (
    <>
      <PageTitle title="Settings" subtitle="Manage your profile, privacy and account." />
      <Card>
        <Tabs defaultValue="profile">
          <TabsList>
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="privacy">Privacy</TabsTrigger>
            <TabsTrigger value="notifications">Notifications</TabsTrigger>
            <TabsTrigger value="preferences">Preferences</TabsTrigger>
            <TabsTrigger value="security">Security</TabsTrigger>
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
