import type { Item } from '@torcedor/service-kit/items';
import { emptyLead, type LeadState } from '../domain/lead-state.ts';

const LEAD_FIELDS = Object.keys(emptyLead('')) as (keyof LeadState)[];

/** A stored lead's state (the fields of LeadState, defaults for the ones it lacks): a lead item or its index copy. */
export function toState(i: Item): LeadState {
  const base = emptyLead(String(i.id));
  return Object.fromEntries(LEAD_FIELDS.map((f) => [f, i[f] ?? base[f]])) as unknown as LeadState;
}
