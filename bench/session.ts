import type { Stack } from '../local/src/stack.ts';

export interface BenchMember { userId: string; email: string; cookies: string[] }

/**
 * A member signed up and signed in through the API (identity on the local stack), as a browser would be:
 * `cookies` are the `name=value` pairs of the login's Set-Cookie values, the session cookie among them.
 */
export async function signedInMember(stack: Stack, label: string): Promise<BenchMember> {
  const email = `bench-${label}-${Date.now()}@example.com`;
  const password = 'Bench-Pass-2026';
  const signup = await stack.api('POST', '/api/auth/signup', { body: { email, password, firstName: 'Bench', lastName: 'Mark', dateOfBirth: '1980-01-01', country: 'US' } });
  if (signup.status !== 201) throw new Error(`bench sign-up failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const login = await stack.api('POST', '/api/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const cookies = login.cookies.map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
  return { userId: (signup.body as { userId: string }).userId, email, cookies };
}
