import type { TransactPart } from '@torcedor/service-kit/transactions';
import { addresses, type AddressClaim } from './entities.ts';

/**
 * Address claims (../../README.md, "Email"): one account per address. Members sign in with their address, which
 * resolves to their pool user name here; members stored before claims existed have none, and their pool user name is
 * their address.
 */

/** AP: the account an address belongs to (GetItem `EMAIL#address / ACCOUNT`, consistent), or undefined. */
export const addressOwner = (email: string): Promise<AddressClaim | undefined> => addresses.get(email);

const mineOrFree = (userId: string) => ({
  ConditionExpression: 'attribute_not_exists(PK) OR userId = :claimant',
  ExpressionAttributeValues: { ':claimant': userId },
});

/** The part that claims an address for an account (fails when another account has it). */
export const claimPart = (email: string, claim: AddressClaim): TransactPart => addresses.put(email, claim, mineOrFree(claim.userId));

/** The part that gives up an account's claim on an address (a claim of another account is never touched). */
export const releasePart = (email: string, userId: string): TransactPart => addresses.remove(email, mineOrFree(userId));
