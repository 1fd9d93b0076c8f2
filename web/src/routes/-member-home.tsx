import type { User } from '@torcedor/shared/schemas/identity';
import { ChatLauncher } from '@/features/ai/components/chat-launcher';
import { HomeFeed } from '@/features/feed/components/home-feed';

/**
 * `/` signed in: the home feed and the floating VitolAI chat (a round button; its code loads when it is first opened).
 * Not a route (the `-` prefix): the `/` route loads it once a member is signed in.
 */
export function MemberHome({ user }: { user: User }) {
  return (
    <>
      <HomeFeed user={user} />
      <ChatLauncher />
    </>
  );
}
