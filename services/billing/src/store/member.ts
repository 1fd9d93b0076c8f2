import { memberPartition } from '@torcedor/service-kit/items';

/** Everything billing holds of a member lives in the member's partition: the kit's export and delete walk it. */
export const { exportMember, deleteMember } = memberPartition('billing');
