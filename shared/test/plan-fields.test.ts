import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routes } from '../src/routes.ts';

/**
 * No member can give themselves a plan: billing alone decides it from the payment provider, and every body a member
 * (or a visitor) may send refuses the fields that name a plan or a role, whatever else it carries.
 */
const PLAN_FIELDS = { isSubscribed: true, isPremium: true, plan: 'premium', tier: 'premium', isOwner: true, entitlement: { tier: 'premium' }, features: {} };

describe('plan and role fields', () => {
  const withBody = Object.entries(routes).filter(([, r]) => 'body' in r && r.body && r.access !== 'owner');

  it.each(withBody.map(([id, r]) => [id, r.body as z.ZodType]))('%s refuses them as unknown keys', (_id, body) => {
    const parsed = body.safeParse(PLAN_FIELDS);
    expect(parsed.success).toBe(false);
    const keys = parsed.error!.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : []));
    // Either the schema names each field as unknown, or it takes no object at all.
    if (keys.length) expect(new Set(keys)).toEqual(new Set(Object.keys(PLAN_FIELDS)));
    else expect(parsed.error!.issues.some((i) => i.code === 'invalid_type' || i.code === 'invalid_union')).toBe(true);
  });

  it('covers the member routes that write', () => {
    expect(withBody.map(([id]) => id)).toEqual(expect.arrayContaining(['updateProfile', 'updatePrivacy', 'updateNotifications', 'updatePreferences', 'signup', 'startTrial', 'confirmLocalPayment']));
  });
});
