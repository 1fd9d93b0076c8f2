import { write } from '@torcedor/service-kit/entity';
import { eventPart, registerRenderer, stateEventPart } from '@torcedor/service-kit/outbox';
import { recentReads } from '@torcedor/service-kit/recent';
import { revocationParts, tombstonePart } from '@torcedor/service-kit/revocation';
import { transact } from '@torcedor/service-kit/transactions';
import type { EventDetail } from '@torcedor/shared/events';
import { DEFAULT_SETTINGS } from '@torcedor/shared/schemas/identity';
import type { CodeRecord } from '../domain/codes.ts';
import type { UnsubscribeSetting } from '../domain/unsubscribe.ts';
import { memberEmailDetail, profileDetail, withEmailState, type UserRecord } from '../domain/user.ts';
import { updateReturning } from '@torcedor/service-kit/entity';
import { claimPart, releasePart } from './addresses.ts';
import { codeParts, consumeCodePart } from './codes.ts';
import { codes, users } from './entities.ts';

function fromItem(item: Record<string, unknown>): UserRecord {
  const { PK: _pk, SK: _sk, ...rest } = item;
  return withEmailState({ ...DEFAULT_SETTINGS, ...rest } as UserRecord);
}

/** AP1: get a user by id (consistent); null when there is none. */
export async function getUser(userId: string): Promise<UserRecord | null> {
  const item = await users.get(userId);
  return item ? fromItem(item) : null;
}

/**
 * How long GET /api/auth/user, which every page load calls, may answer from this instance's last read of the user
 * (docs/decisions.md, "Request path"): this instance's own writes count at once; the copies identity's worker
 * writes (counts, plan) already arrive by event, and reach this read within as much again.
 */
export const USER_RECHECK_MS = 1_000;
const recentUsers = recentReads<UserRecord | null>({ ttlMs: USER_RECHECK_MS, max: 10_000 });

/** AP1, for the read route only: the user as this instance read them less than USER_RECHECK_MS ago, else read. */
export const getRecentUser = (userId: string) => recentUsers.get(userId, () => getUser(userId));
/** This instance's own change of the user counts at once for getRecentUser. */
export const forgetRecentUser = (userId: string) => recentUsers.forget(userId);

/**
 * The UserProfileChanged event of a transaction that changes a public profile, published with the profile as it
 * is then (the kit's outbox renders it), so other services keep the newest version.
 */
const profileChanged = (userId: string) => stateEventPart('UserProfileChanged', 'profile', userId);

registerRenderer('profile', async (userId) => {
  const u = await getUser(userId);
  return u && profileDetail(u);
});

/**
 * The MemberEmailChanged event of a transaction that changes the member's address or whether it is verified (and grows
 * `emailVersion` in the same write), published with the address as it is then, for the services that email members.
 */
const emailChanged = (userId: string) => stateEventPart('MemberEmailChanged', 'memberEmail', userId);

registerRenderer('memberEmail', async (userId) => {
  const u = await getUser(userId);
  return u && memberEmailDetail(u);
});

/**
 * AP2: create a user once, with UserRegistered, UserProfileChanged and MemberEmailChanged (its address, or none for a
 * trial, not verified yet) in the same transaction (the kit's outbox): never one without the others. A member with an
 * address also claims it and gets their first verification code in the same transaction. `exists` when a user with
 * this id exists already, `taken` when another account has the address.
 */
export async function createUser(u: UserRecord, registered: EventDetail<'UserRegistered'>, code?: CodeRecord): Promise<'created' | 'exists' | 'taken'> {
  const r = await transact({
    user: users.put(u.id, u, { ifAbsent: true }),
    claim: u.email ? claimPart(u.email, { userId: u.id, username: u.username }) : undefined,
    code: code ? codes.put({ userId: u.id, purpose: code.purpose }, code) : undefined,
    registered: eventPart('UserRegistered', registered),
    profile: profileChanged(u.id),
    email: emailChanged(u.id),
  });
  if (r.ok) return 'created';
  return r.failed.includes('claim') ? 'taken' : 'exists';
}

/**
 * An Update part of the public profile: these fields set, the profile version grown (UserProfileChanged carries it),
 * the user present and `condition` true. With `emailChange` (the address or its verification changes), the email
 * version grows too (MemberEmailChanged carries it).
 */
function profileUpdate(userId: string, fields: Partial<UserRecord>, condition: Condition | Record<string, never> = {}, emailChange = false) {
  const { Update } = users.update(userId, fields, { ...condition, ifExists: true, ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':zero': 0, ':one': 1 } });
  const versions = ['profileVersion', ...(emailChange ? ['emailVersion'] : [])].map((v) => `${v} = if_not_exists(${v}, :zero) + :one`);
  return { Update: { ...Update!, UpdateExpression: `${Update!.UpdateExpression}, ${versions.join(', ')}` } };
}

/** A condition on the user item, with its own placeholders. */
type Condition = { ConditionExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> };
/** The condition that the user's `field` (their address or the pending one) is `address`. */
const addressIs = (field: 'email' | 'pendingEmail', address: string): Condition => ({
  ConditionExpression: '#addressField = :address', ExpressionAttributeNames: { '#addressField': field }, ExpressionAttributeValues: { ':address': address },
});
/** The condition that a setting is on (users stored before it existed lack it: its default, on). */
const settingIsOn = (setting: UnsubscribeSetting): Condition => ({
  ConditionExpression: '(attribute_not_exists(#setting) OR #setting <> :off)', ExpressionAttributeNames: { '#setting': setting }, ExpressionAttributeValues: { ':off': false },
});

/**
 * The public profile's update with UserProfileChanged in one transaction: the user after it, or undefined when there
 * is no such user or `condition` failed.
 */
async function publishProfile(userId: string, fields: Partial<UserRecord>, condition?: Condition): Promise<UserRecord | undefined> {
  const r = await transact({ user: profileUpdate(userId, fields, condition), event: profileChanged(userId) });
  forgetRecentUser(userId);
  if (!r.ok) return undefined;
  return (await getUser(userId)) ?? undefined;
}

/**
 * AP3: set some fields of an existing user: the user after the change, or undefined when there is no such user.
 * With `publicProfile`, the profile version grows in the same write and the UserProfileChanged event is recorded in
 * the same transaction.
 */
export async function updateUser(userId: string, fields: Partial<UserRecord>, publicProfile: boolean): Promise<UserRecord | undefined> {
  if (publicProfile) return publishProfile(userId, fields);
  const item = await updateReturning(users.update(userId, fields, { ifExists: true }));
  if (!item) return undefined;
  forgetRecentUser(userId);
  return fromItem(item);
}

/**
 * AP3, for an unsubscribe link: one email setting turned off, as its settings section does (profile version grown,
 * UserProfileChanged in the same transaction), only while it is on, so a repeated link publishes nothing. False when
 * it was off already or there is no such user.
 */
export async function switchSettingOff(userId: string, setting: UnsubscribeSetting): Promise<boolean> {
  return (await publishProfile(userId, { [setting]: false }, settingIsOn(setting))) !== undefined;
}

/**
 * AP: the member's tombstone, with UserDeleted in the same transaction: from then on no session of the member is
 * accepted, and the event tells every other service to write its own and erase what it holds.
 */
export async function recordDeletion(userId: string, deletedAt: string): Promise<void> {
  await transact({ tombstone: tombstonePart(userId, deletedAt), event: eventPart('UserDeleted', { userId, deletedAt }) });
}

/**
 * AP: an address proved with its verification code (../../README.md, "Email"), in one transaction: the code used up
 * (unless tried, replaced or used since), the user verified — a pending new address becomes the address, its claim
 * moving with it — with UserProfileChanged and MemberEmailChanged (the email version grown). `stale` when the code
 * or the address changed meanwhile, `taken` when another account claimed the new address first.
 */
export async function confirmAddress(u: UserRecord, code: CodeRecord): Promise<'done' | 'stale' | 'taken'> {
  const change = code.address === u.pendingEmail && code.address !== u.email;
  const r = await transact({
    code: consumeCodePart(u.id, code),
    user: change
      ? profileUpdate(u.id, { email: code.address, pendingEmail: null, emailVerified: true, emailSuppressed: false }, addressIs('pendingEmail', code.address), true)
      : profileUpdate(u.id, { emailVerified: true }, addressIs('email', code.address), true),
    claim: change ? claimPart(code.address, { userId: u.id, username: u.username }) : undefined,
    release: change && u.email ? releasePart(u.email, u.id) : undefined,
    event: profileChanged(u.id),
    email: emailChanged(u.id),
  });
  forgetRecentUser(u.id);
  if (r.ok) return 'done';
  return r.failed.includes('claim') ? 'taken' : 'stale';
}

/**
 * AP: a password reset with its code, in one transaction: the code used up (unless tried, replaced or used since),
 * the address verified (the member proved the mailbox) with UserProfileChanged (and, when it was not verified yet,
 * MemberEmailChanged with the email version grown), and every session of the member ended (the kit's not-before time
 * and SessionRevoked, as logout does). False when the code or address changed meanwhile.
 */
export async function recordPasswordReset(u: UserRecord, code: CodeRecord, revoked: EventDetail<'SessionRevoked'>): Promise<boolean> {
  const [marker, notBefore] = revocationParts(revoked);
  const verifies = u.emailVerified === false;
  const r = await transact({
    code: consumeCodePart(u.id, code),
    user: profileUpdate(u.id, { emailVerified: true }, addressIs('email', code.address), verifies),
    profile: profileChanged(u.id),
    email: verifies ? emailChanged(u.id) : undefined,
    marker, notBefore,
    revokedEvent: eventPart('SessionRevoked', revoked),
  });
  forgetRecentUser(u.id);
  return r.ok;
}

/**
 * AP: SES reported the member's current address undeliverable (a permanent bounce or a complaint): the user marked
 * suppressed, with MemberEmailChanged (the email version grown), in one transaction conditioned on the address still
 * being theirs and not suppressed yet. False when it changed meanwhile or was suppressed already (a repeat).
 */
export async function recordSuppression(userId: string, address: string): Promise<boolean> {
  const { Update } = users.update(userId, { emailSuppressed: true }, {
    ifExists: true,
    ConditionExpression: '#addressField = :address AND (attribute_not_exists(emailSuppressed) OR emailSuppressed = :no)',
    ExpressionAttributeNames: { '#addressField': 'email' },
    ExpressionAttributeValues: { ':address': address, ':no': false, ':zero': 0, ':one': 1 },
  });
  const user = { Update: { ...Update!, UpdateExpression: `${Update!.UpdateExpression}, emailVersion = if_not_exists(emailVersion, :zero) + :one` } };
  const r = await transact({ user, email: emailChanged(userId) });
  forgetRecentUser(userId);
  return r.ok;
}

/** AP: delete the user's item, their codes and their address's claim (account deletion; a repeat finds nothing to delete). */
export async function deleteUser(u: Pick<UserRecord, 'id' | 'email'>): Promise<void> {
  await Promise.all([users.remove(u.id), ...codeParts(u.id), ...(u.email ? [releasePart(u.email, u.id)] : [])].map(write));
  forgetRecentUser(u.id);
}
