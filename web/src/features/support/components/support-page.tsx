import { useLingui } from '@lingui/react/macro';
import { PageTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/current-user';
import { MySupportRequests } from './my-support-requests';
import { SupportRequestForm } from './support-form';
import { SupportQueue } from './support-queue';

/** /support: the support form and the member's own requests; for owners, the queue of every member's requests. */
export function SupportPage() {
  const { t } = useLingui();
  const user = useCurrentUser();
  return (
    <>
      <PageTitle title={t`Support`} subtitle={t`Questions about your account, your plan or the club? Write to us. Premium members' requests are answered first.`} />
      <div className="space-y-8">
        <SupportRequestForm />
        <MySupportRequests />
        {user?.isOwner ? <SupportQueue /> : null}
      </div>
    </>
  );
}
