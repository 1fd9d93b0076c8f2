import { useQuery } from '@tanstack/react-query';
import { BIO_MAX_LENGTH } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import { DELETE_CONFIRMATION, type User } from '@torcedor/shared/schemas/identity';
import { Download, LogOut, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, PageTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input, Label, Select, Textarea } from '@/components/ui/input';
import { SwitchField } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorText } from '@/lib/api-client';
import { currentUserQuery, nameOf } from '@/lib/current-user';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useExportData } from '../api/export-data';
import { useUpdateSettings } from '../api/update-settings';

const LANGUAGES = [['en', 'English'], ['es', 'Español'], ['fr', 'Français'], ['de', 'Deutsch'], ['it', 'Italiano']] as const;

function ProfileTab({ user }: { user: User }) {
  const [f, setF] = useState({ displayName: user.displayName ?? '', location: user.location ?? '', bio: user.bio ?? '' });
  const save = useUpdateSettings('profile');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ displayName: f.displayName.trim() || null, location: f.location.trim() || null, bio: f.bio.trim() || null }, {
      onSuccess: () => toast({ title: 'Profile updated', description: 'Your profile has been saved.', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to update profile. Please try again.'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Profile settings">
      <div className="flex items-center gap-4">
        <div className="flex h-16 w-16 items-center justify-center rounded-full bg-primary text-2xl font-bold text-primary-fg" aria-hidden>
          {nameOf(user).slice(0, 1).toUpperCase()}
        </div>
        <p className="text-sm text-muted">Your photo is changed from your profile page.</p>
      </div>
      <div><Label htmlFor={`${id}-name`}>Display name</Label><Input id={`${id}-name`} maxLength={80} value={f.displayName} onChange={(e) => setF({ ...f, displayName: e.target.value })} /></div>
      <div><Label htmlFor={`${id}-loc`}>Location</Label><Input id={`${id}-loc`} maxLength={120} value={f.location} onChange={(e) => setF({ ...f, location: e.target.value })} /></div>
      <div>
        <Label htmlFor={`${id}-bio`}>Bio</Label>
        <Textarea id={`${id}-bio`} maxLength={BIO_MAX_LENGTH} aria-describedby={`${id}-bio-count`} value={f.bio} onChange={(e) => setF({ ...f, bio: e.target.value })} />
        <p id={`${id}-bio-count`} className="mt-1 text-right text-xs text-muted" aria-live="polite">{f.bio.length}/{BIO_MAX_LENGTH}</p>
      </div>
      <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Profile'}</Button>
    </form>
  );
}

function PrivacyTab({ user }: { user: User }) {
  const [f, setF] = useState({
    profileVisibility: user.profileVisibility, allowFollowRequests: user.allowFollowRequests,
    showLocationInProfile: user.showLocationInProfile, allowDirectMessages: user.allowDirectMessages,
  });
  const save = useUpdateSettings('privacy');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(f, {
      onSuccess: () => toast({ title: 'Privacy settings updated', description: 'Your privacy settings have been saved.', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to update privacy settings. Please try again.'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Privacy settings">
      <div>
        <Label htmlFor={`${id}-vis`}>Profile visibility</Label>
        <Select id={`${id}-vis`} value={f.profileVisibility} onChange={(e) => setF({ ...f, profileVisibility: e.target.value as User['profileVisibility'] })}>
          <option value="public">Public</option><option value="followers">Followers only</option><option value="private">Private</option>
        </Select>
      </div>
      <SwitchField label="Allow follow requests" checked={f.allowFollowRequests} onCheckedChange={(v) => setF({ ...f, allowFollowRequests: v })} />
      <SwitchField label="Show location on my profile" checked={f.showLocationInProfile} onCheckedChange={(v) => setF({ ...f, showLocationInProfile: v })} />
      <div>
        <Label htmlFor={`${id}-dm`}>Direct messages from</Label>
        <Select id={`${id}-dm`} value={f.allowDirectMessages} onChange={(e) => setF({ ...f, allowDirectMessages: e.target.value as User['allowDirectMessages'] })}>
          <option value="everyone">Everyone</option><option value="followers">Followers</option><option value="none">No one</option>
        </Select>
      </div>
      <Button type="submit" className="mt-4" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Privacy Settings'}</Button>
    </form>
  );
}

function NotificationsTab({ user }: { user: User }) {
  const [f, setF] = useState({
    emailNotifications: user.emailNotifications, followNotifications: user.followNotifications, reviewNotifications: user.reviewNotifications,
    eventNotifications: user.eventNotifications, marketingEmails: user.marketingEmails,
  });
  const save = useUpdateSettings('notifications');
  const rows = [
    ['emailNotifications', 'Email notifications', 'Important account and activity emails'],
    ['followNotifications', 'New followers', 'When someone follows you'],
    ['reviewNotifications', 'Reviews', 'Activity on your reviews'],
    ['eventNotifications', 'Events', 'Reminders and updates for events'],
    ['marketingEmails', 'Marketing emails', 'News and offers from Torcedor'],
  ] as const;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(f, {
      onSuccess: () => toast({ title: 'Notification settings updated', description: 'Your notification preferences have been saved.', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to update notification settings. Please try again.'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={submit} aria-label="Notification settings">
      {rows.map(([k, label, text]) => <SwitchField key={k} label={label} description={text} checked={f[k]} onCheckedChange={(v) => setF({ ...f, [k]: v })} />)}
      <Button type="submit" className="mt-4" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Notification Settings'}</Button>
    </form>
  );
}

function PreferencesTab({ user }: { user: User }) {
  const [f, setF] = useState({ language: user.language, contentFilter: user.contentFilter, showMatureContent: user.showMatureContent });
  const save = useUpdateSettings('preferences');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(f, {
      onSuccess: () => toast({ title: 'Preferences updated', description: 'Your preferences have been saved.', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to update preferences. Please try again.'), variant: 'error' }),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Preferences">
      <div>
        <Label htmlFor={`${id}-lang`}>Language</Label>
        <Select id={`${id}-lang`} value={f.language} onChange={(e) => setF({ ...f, language: e.target.value as User['language'] })}>
          {LANGUAGES.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-filter`}>Content filter</Label>
        <Select id={`${id}-filter`} value={f.contentFilter} onChange={(e) => setF({ ...f, contentFilter: e.target.value as User['contentFilter'] })}>
          <option value="minimal">Minimal</option><option value="standard">Standard</option><option value="strict">Strict</option>
        </Select>
      </div>
      <SwitchField label="Show mature content" checked={f.showMatureContent} onCheckedChange={(v) => setF({ ...f, showMatureContent: v })} />
      <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Preferences'}</Button>
    </form>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const del = useDeleteAccount();
  const id = useId();
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    del.mutate(undefined, {
      onSuccess: () => window.location.assign('/'),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to delete your account. Please try again.'), variant: 'error' }),
    });
  };
  return (
    <Dialog open={open} onOpenChange={(o) => { setOpen(o); setTyped(''); }}>
      <Button variant="danger" onClick={() => setOpen(true)}><Trash2 className="h-4 w-4" aria-hidden />Delete Account</Button>
      <DialogContent title="Delete your account?" description="This permanently deletes your account, profile, humidor, wishlist, posts, reviews and every other record of you. It cannot be undone.">
        <form onSubmit={confirm} className="space-y-3">
          <Label htmlFor={id}>Type {DELETE_CONFIRMATION} to confirm</Label>
          <Input id={id} autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="danger" disabled={typed !== DELETE_CONFIRMATION || del.isPending}>{del.isPending ? 'Deleting...' : 'Delete permanently'}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SecurityTab() {
  const exp = useExportData();
  return (
    <div className="space-y-6">
      <section>
        <h3 className="text-lg font-semibold">Sign-in</h3>
        <p className="text-sm text-muted">You are signed in on this browser with a secure session that renews itself. Logging out ends it on our servers too.</p>
        <a href={routes.logout.path} className={buttonClass('outline', 'md', 'mt-3 no-underline')}><LogOut className="h-4 w-4" aria-hidden />Log out</a>
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
        <DeleteAccount />
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

/** Settings (spec section 2): five tabs, switching is local; each save refetches the user. */
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
          <TabsContent value="privacy"><PrivacyTab user={user} /></TabsContent>
          <TabsContent value="notifications"><NotificationsTab user={user} /></TabsContent>
          <TabsContent value="preferences"><PreferencesTab user={user} /></TabsContent>
          <TabsContent value="security"><SecurityTab /></TabsContent>
        </Tabs>
      </Card>
    </>
  );
}
