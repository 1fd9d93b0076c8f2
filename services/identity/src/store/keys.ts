import { createHash } from 'node:crypto';
import { memberPK } from '@torcedor/service-kit/ddb';
import type { CodePurpose } from '../domain/codes.ts';

/**
 * Keys as data for the identity table (../../README.md lists the entities and access patterns). A support request
 * lives in its member's partition (their list, their export and their deletion are one Query of it); GSI1 puts every
 * request in the owners' queue, one well-known partition whose sort key is the queue's order; a small reference
 * item finds a request by its id alone (the owners' resolve names only the id). A member's emailed codes live beside
 * their user item; an address's claim names the account that has it (sign-in by address, one account per address). The sign-in, sign-up and upload
 * budgets and the ended sessions use the kit's keys (budgets.ts, revocation.ts).
 */
export const keys = {
  /** One user is one item. */
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  /** A member's emailed code of one purpose (one at a time: a new one replaces it), beside their user item. */
  code: (c: CodeId) => ({ PK: `USER#${c.userId}`, SK: `CODE#${c.purpose}` }),
  /** Which account an address belongs to (the address's claim: one account per address; ../../README.md, "Email"). */
  address: (email: string) => ({ PK: `EMAIL#${email}`, SK: 'ACCOUNT' }),
  /** The login behind a refresh token, by the token's hash (the token itself is never stored). */
  login: (refreshToken: string) => ({ PK: `LOGIN#${createHash('sha256').update(refreshToken).digest('hex')}`, SK: 'REFRESH' }),
  /** A support request, sorted in the member's partition by when it was sent. */
  supportRequest: (r: SupportRequestId) => ({ PK: memberPK(r.userId), SK: `SUPPORT#${r.createdAt}#${r.id}` }),
  supportRequestPrefix: 'SUPPORT#',
  /** Where the support request with this id lives: `userId`, `createdAt`. */
  supportRef: (id: string) => ({ PK: `SUPPORT#${id}`, SK: 'REF' }),
  /** GSI1: the owners' queue. */
  supportQueue: 'SUPPORT',
  /** Open requests first; among them priority ones (0) before the others (1), then oldest first. */
  openSK: (priority: boolean, createdAt: string, id: string) => `OPEN#${priority ? 0 : 1}#${createdAt}#${id}`,
  openPrefix: 'OPEN#',
  /** Then the resolved ones (read newest resolution first). */
  resolvedSK: (resolvedAt: string, id: string) => `RESOLVED#${resolvedAt}#${id}`,
  resolvedPrefix: 'RESOLVED#',
  /** The item the readiness probe reads (never written). */
  readinessProbe: { PK: 'READINESS', SK: 'PROBE' },
};

/** What names a support request's item: its member, when it was sent and its id. */
export type SupportRequestId = { userId: string; createdAt: string; id: string };

/** What names an emailed code: its member and its purpose. */
export type CodeId = { userId: string; purpose: CodePurpose };
