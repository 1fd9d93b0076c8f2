import type { User } from '@torcedor/shared/schemas/identity';
import { useEffect } from 'react';
import { VerifyEmailBanner } from '@/components/layout/verify-email-banner';
import { ChatLauncher } from '@/features/ai/components/chat-launcher';
import { HomeFeed } from '@/features/feed/components/home-feed';
import { followMemberLanguage } from '@/lib/i18n';

/**
 * `/` signed in: the banner of an unverified address (as on every signed-in page), the home feed and the floating
 * VitolAI chat (a round button; its code loads when it is first opened).
 * Not a route (the `-` prefix): the `/` route loads it once a member is signed in. Outside the member layout, it
 * follows the member's saved language as that layout does (docs/i18n.md).
 */
export function MemberHome({ user }: { user: User }) {
  const language = user.language;
  useEffect(() => followMemberLanguage(language), [language]);
  return (
    <>
      <VerifyEmailBanner />
      <HomeFeed user={user} />
      <ChatLauncher />
    </>
  );
}
