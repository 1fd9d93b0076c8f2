import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { CountryCode } from '@torcedor/shared/constants';
import type { Attribution } from '@torcedor/shared/schemas/attribution';
import type { SeedContext } from './context.ts';
import { verifyAddress } from './email.ts';

/** The password of every seeded account (docs/architecture.md, "On one machine"). */
export const DEMO_PASSWORD = 'Torcedor-demo-2026';

/** What a seeded account signs up with (the sign-up form's fields). */
export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  country: CountryCode;
  /** Where the demo member "came from" (the landing page's UTM parameters and referrer): their lead's source. */
  attribution?: Attribution;
}

/** A seeded account signed in through the API: its id and the session cookies to send back (`name=value`). */
export interface SeedSession {
  userId: string;
  email: string;
  cookies: string[];
  user: { displayName: string | null; bio: string | null; location: string | null; emailVerified?: boolean | null };
}

async function existsInPool(ctx: SeedContext, email: string): Promise<boolean> {
  try {
    await ctx.cognito.send(new AdminGetUserCommand({ UserPoolId: ctx.aws.userPoolId, Username: email }));
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'UserNotFoundException') return false;
    throw err;
  }
}

/**
 * Signs a seeded account up through the API (the sign-up a visitor makes), unless the pool has it already:
 * asking the pool first keeps a restart from spending the address's sign-up budget (a sign-up of a taken
 * email counts too). A 409 (created meanwhile) counts as done. A new account then signs in and verifies its address
 * with the emailed code (`loginDemoAccount`). Returns whether this call created it.
 *
 * An account already in the pool is left as it is: verified, or from before verification existed (identity counts
 * those as verified). One whose verification was cut short is verified at its next login by the seed.
 */
export async function ensureDemoAccount(ctx: SeedContext, account: DemoAccount): Promise<boolean> {
  if (await existsInPool(ctx, account.email)) return false;
  const r = await ctx.api('POST', '/api/auth/signup', { body: { ...account, password: DEMO_PASSWORD } });
  if (r.status === 201) {
    await loginDemoAccount(ctx, account.email);
    return true;
  }
  if (r.status === 409) return false;
  throw new Error(`sign-up of ${account.email} answered ${r.status}: ${JSON.stringify(r.body)}`);
}

/**
 * Signs a seeded account in with the login route, as the web app does. An account whose address is not verified
 * (identity's User says `emailVerified: false`) verifies it first (seed/email.ts), so the seed may act as it.
 */
export async function loginDemoAccount(ctx: SeedContext, email: string): Promise<SeedSession> {
  const r = await ctx.api('POST', '/api/auth/login', {
    body: { email, password: DEMO_PASSWORD },
    headers: { origin: ctx.aws.appOrigin },
  });
  if (r.status !== 200) throw new Error(`login of ${email} answered ${r.status}: ${JSON.stringify(r.body)}`);
  const user = r.body as SeedSession['user'] & { id: string };
  const session = { userId: user.id, email, cookies: r.cookies.map((c) => c.split(';')[0]!), user };
  if (user.emailVerified !== false) return session;
  await verifyAddress(ctx, session);
  return { ...session, user: { ...user, emailVerified: true } };
}
