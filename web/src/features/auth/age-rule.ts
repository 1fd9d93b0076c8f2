import { Country, DateOfBirth } from '@torcedor/shared/schemas/identity';
import type * as z from 'zod';
import { ageProblem } from './age';

/**
 * A body schema (SignupBody, TrialBody) with the age rule on top, reported on the date of birth. The
 * shared bodies cannot carry it (it depends on today); the server checks it right after them. It only
 * speaks once the date and the country pass the shared schema, whose own messages come first.
 */
export function withAgeRule<S extends z.ZodType<{ dateOfBirth: string; country: string }>>(schema: S, now = () => new Date()): S {
  return schema.superRefine((v, ctx) => {
    if (!DateOfBirth.safeParse(v.dateOfBirth).success || !Country.safeParse(v.country).success) return;
    const problem = ageProblem(v.dateOfBirth, v.country, now());
    if (problem) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: problem });
  });
}
