import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { UnsubscribeKind } from '@torcedor/shared/constants';
import { UnsubscribeQuery } from '@torcedor/shared/schemas/identity';
import { MailCheck, MailX } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiError, errorText } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';
import { useUnsubscribe } from '../api/unsubscribe';
import { KIND_LABEL, KIND_TEXT, linkKind } from '../unsubscribe-kinds';

/** The link's token checked with the shared schema, and the kind it names; undefined for anything the server would refuse. */
function readLink(token: string | undefined): { token: string; kind: UnsubscribeKind } | undefined {
  const parsed = UnsubscribeQuery.safeParse({ token });
  const kind = parsed.success ? linkKind(parsed.data.token) : undefined;
  return parsed.success && kind ? { token: parsed.data.token, kind } : undefined;
}

/** Where to go next: a signed-in member's Settings (to turn it back on), else the home page. */
function NextLink() {
  const { data: user } = useQuery(currentUserQuery);
  const className = buttonClass('outline', 'md', 'mt-6 no-underline');
  return user
    ? <Link to="/settings" className={className}><Trans>Go to Settings</Trans></Link>
    : <Link to="/" className={className}><Trans>Go to Home</Trans></Link>;
}

/** A focusable heading, focused when `focus` (a view that replaced the button the member just pressed). */
function Title({ children, focus = false }: { children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={focus ? -1 : undefined} className="text-2xl font-semibold outline-none">
      {children}
    </h1>
  );
}

function Frame({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 items-center px-4 py-16">
      <Card className="w-full text-center">
        <div className="mb-4 flex justify-center text-primary">{icon}</div>
        {children}
      </Card>
    </main>
  );
}

function Invalid({ afterClick = false }: { afterClick?: boolean }) {
  return (
    <Frame icon={<MailX className="h-10 w-10" aria-hidden />}>
      <Title focus={afterClick}><Trans>Unsubscribe</Trans></Title>
      {/* INVALID_UNSUBSCRIBE_MESSAGE (shared/src/constants.ts), in the app's language. */}
      <p className="mt-2 text-muted" role={afterClick ? 'alert' : undefined}>
        <Trans>This unsubscribe link is not valid. You can change your email settings in Settings.</Trans>
      </p>
      <NextLink />
    </Frame>
  );
}

function Done({ kind }: { kind: UnsubscribeKind }) {
  const { i18n } = useLingui();
  const what = i18n._(KIND_TEXT[kind]);
  return (
    <Frame icon={<MailCheck className="h-10 w-10" aria-hidden />}>
      <Title focus><Trans>Unsubscribed</Trans></Title>
      <p className="mt-2 text-muted" role="status">
        <Trans>You're unsubscribed from {what}. You can turn it back on in Settings.</Trans>
      </p>
      <NextLink />
    </Frame>
  );
}

/**
 * The page an email's unsubscribe link opens (`/unsubscribe?token=...`), signed in or not. It says what the link
 * turns off and unsubscribes only on the button: mail scanners open links, so loading the page changes nothing.
 */
export function UnsubscribePage({ token }: { token?: string }) {
  const { t, i18n } = useLingui();
  const link = readLink(token);
  const unsubscribe = useUnsubscribe();
  if (!link) return <Invalid />;
  if (unsubscribe.isSuccess) return <Done kind={unsubscribe.data.kind} />;
  if (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400) return <Invalid afterClick />;
  return (
    <Frame icon={<MailX className="h-10 w-10" aria-hidden />}>
      <Title><Trans>Unsubscribe from emails</Trans></Title>
      <p className="mt-2 text-muted"><Trans>This link turns off:</Trans></p>
      <p className="mt-1 text-lg font-semibold text-primary">{i18n._(KIND_LABEL[link.kind])}</p>
      {unsubscribe.isError ? (
        <p className="mt-4 text-sm text-danger" role="alert">{errorText(unsubscribe.error, t`Failed to unsubscribe. Please try again.`)}</p>
      ) : null}
      <Button className="mt-6" onClick={() => unsubscribe.mutate(link.token)} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? t`Unsubscribing...` : t`Unsubscribe`}
      </Button>
    </Frame>
  );
}
