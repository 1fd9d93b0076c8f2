import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/profile/components/profile-page';

export const Route = createFileRoute('/_authenticated/profile/{-$id}')({ component: Profile });

function Profile() {
  const { id } = Route.useParams();
  return <ProfilePage id={id} />;
}
