import { entity } from '@torcedor/service-kit/entity';
import type { CodeRecord } from '../domain/codes.ts';
import type { SupportRequestRecord } from '../domain/support.ts';
import type { UserRecord } from '../domain/user.ts';
import { keys, type CodeId, type SupportRequestId } from './keys.ts';

/** identity's entities, each declared once (../../README.md, the entity table). */

/** A member's account, profile, settings and read copies, by member id. */
export const users = entity<UserRecord>({ name: 'user', key: keys.user });

/** A member's emailed code (verification or password reset), as its hash, until it expires (TTL `ttl`). */
export const codes = entity<CodeRecord, CodeId>({ name: 'emailCode', key: keys.code });

/**
 * An address's claim: the account whose address it is and that account's pool user name (sign-in resolves the
 * address to it). Written with the account, moved when the address changes, deleted with the account.
 */
export type AddressClaim = { userId: string; username: string };
export const addresses = entity<AddressClaim>({ name: 'address', key: keys.address });

/** A login behind a refresh token, by the refresh token (kept as its hash), until the token could expire. */
export const logins = entity<{ userId: string; loginAtMs: number; ttl: number }>({ name: 'login', key: keys.login });

/** A support request in its member's partition, in the owners' queue (GSI1) by status, priority and time. */
export const supportRequests = entity<SupportRequestRecord, SupportRequestId>({
  name: 'supportRequest',
  key: keys.supportRequest,
  indexes: (r) => ({
    GSI1: [keys.supportQueue, r.status === 'resolved' && r.resolvedAt ? keys.resolvedSK(r.resolvedAt, r.id) : keys.openSK(r.priority, r.createdAt, r.id)],
  }),
});

/** Where a support request lives, by its id alone. */
export const supportRefs = entity<{ userId: string; createdAt: string }>({ name: 'supportRef', key: keys.supportRef });

