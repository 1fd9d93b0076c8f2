import { randomUUID } from 'node:crypto';
import { eventPart } from '@torcedor/service-kit/outbox';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import { EVENT_NOTICE_RECIPIENTS_MAX } from '@torcedor/shared/constants';
import type { EventDetail } from '@torcedor/shared/events';
import type { StoredEvent } from '../domain/event.ts';

/** EventNotice parts for these recipients (the actor left out), split into events of at most EVENT_NOTICE_RECIPIENTS_MAX. */
export function noticeParts(kind: EventDetail<'EventNotice'>['kind'], e: Pick<StoredEvent, 'id' | 'title'>, actorId: string, recipients: string[]): TransactPart[] {
  const ids = [...new Set(recipients)].filter((r) => r !== actorId);
  const parts: TransactPart[] = [];
  for (let i = 0; i < ids.length; i += EVENT_NOTICE_RECIPIENTS_MAX) {
    parts.push(eventPart('EventNotice', {
      noticeId: randomUUID(), kind, eventId: e.id, eventTitle: e.title, actorId, recipientIds: ids.slice(i, i + EVENT_NOTICE_RECIPIENTS_MAX), createdAt: new Date().toISOString(),
    }));
  }
  return parts;
}

/** Parts named `<prefix>0`, `<prefix>1`, ... for a transaction of named parts. */
export const named = (prefix: string, parts: TransactPart[]) => Object.fromEntries(parts.map((p, i) => [`${prefix}${i}`, p]));
