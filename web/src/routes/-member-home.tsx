import type { User } from '@torcedor/shared/schemas/identity';
import { VerifyEmailBanner } from '@/components/layout/verify-email-banner';
import { ChatLauncher } from '@/features/ai/components/chat-launcher';
import { HomeFeed } from '@/features/feed/components/home-feed';

/**
 * `/` signed in: the banner of an unverified address (as on every signed-in page), the home feed and the floating
 * VitolAI chat (a round button; its code loads when it is first opened).
 * Not a route (the `-` prefix): the `/` route loads it once a member is signed in.
 */
export function MemberHome({ user }: { user: User }) {
  return (
    <>
      <VerifyEmailBanner />
      <HomeFeed user={user} />
      <ChatLauncher />
    </>
  );
}
