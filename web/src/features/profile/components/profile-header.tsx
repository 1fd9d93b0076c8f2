import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Camera, Lock, MapPin } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { MemberBadge } from '@/components/member-badge';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatNumber } from '@/lib/numbers';
import { Avatar } from './avatar';
import { PictureDialog } from './picture-dialog';

/** What the header shows of a member: from the member's own record, or another's public profile. */
export interface ProfileHeaderData {
  name: string;
  /** The member badge next to the name (premium benefits now). */
  premium: boolean;
  imageUrl: string | null;
  location: string | null;
  bio: string | null;
  /** Following, Followers, Reviews, Cigars; null when the profile is restricted. */
  counters: { following: number | null; followers: number | null; reviews: number | null; cigars: number | null } | null;
}

/**
 * The profile's header card. The own profile has the camera button on the picture and 'Edit profile'; another
 * member's gets its actions (follow, report) through `actions`. A restricted profile shows name and picture only.
 */
export function ProfileHeader({ data, own, actions }: { data: ProfileHeaderData; own: boolean; actions?: ReactNode }) {
  const { t } = useLingui();
  const [pictureOpen, setPictureOpen] = useState(false);
  const { counters } = data;
  const rows = counters
    ? ([[t`Following`, counters.following], [t`Followers`, counters.followers], [t`Reviews`, counters.reviews], [t`Cigars`, counters.cigars]] as const)
    : null;
  return (
    <Card className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <div className="relative h-24 w-24 shrink-0">
        <Avatar name={data.name} imageUrl={data.imageUrl} />
        {own ? (
          <button
            type="button"
            aria-label={t`Change profile picture`}
            onClick={() => setPictureOpen(true)}
            className="absolute bottom-0 right-0 flex h-9 w-9 items-center justify-center rounded-full border-2 border-surface bg-surface-2 text-fg shadow hover:bg-border"
          >
            <Camera className="h-4 w-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h1 className="break-words text-3xl font-bold">{data.name}</h1>
          <MemberBadge premium={data.premium} className="[&>svg]:h-6 [&>svg]:w-6" />
        </div>
        {counters ? (
          <>
            {data.location ? <p className="flex items-center gap-1 text-muted"><MapPin className="h-4 w-4" aria-hidden />{data.location}</p> : null}
            {data.bio ? <p className="mt-2 whitespace-pre-wrap break-words">{data.bio}</p> : null}
          </>
        ) : (
          <p className="mt-1 flex items-center gap-1 text-muted"><Lock className="h-4 w-4" aria-hidden /><Trans>This profile is private.</Trans></p>
        )}
        {rows ? (
          <dl className="mt-4 flex flex-wrap gap-6" aria-label={t`Profile statistics`}>
            {rows.map(([label, n]) => (
              <div key={label} className="flex flex-col-reverse">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="text-xl font-bold">{n === null ? '—' : formatNumber(n)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {own ? <Link to="/settings" className={buttonClass('outline', 'sm', 'no-underline')}><Trans>Edit profile</Trans></Link> : actions}
      </div>
      {own ? <PictureDialog open={pictureOpen} onOpenChange={setPictureOpen} /> : null}
    </Card>
  );
}
