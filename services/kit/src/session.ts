import { OWNERS_GROUP } from '@torcedor/shared/constants';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { baseConfig } from './config.ts';

export interface Session {
  userId: string;
  /** Member of the user pool group `owners`. */
  isOwner: boolean;
  groups: string[];
  /** Identifies the login this token belongs to (Cognito `origin_jti`, else `jti`). */
  sessionId: string;
  /** The user pool's username (an email or `trial_…`): identity's admin calls name the user by it. */
  username: string;
  /** When the token was issued (s): tokens issued before the member's not-before time are refused. */
  issuedAt: number;
  /** The raw access token (identity uses it to revoke or read the user). */
  token: string;
  expiresAt: number;
}

const config = baseConfig();
/** JWKS fetched with plain fetch so the local pool (http) and Cognito (https) work the same; cached. */
const jwksCache = new SimpleJwksCache({
  fetcher: {
    async fetch(uri: string) {
      const res = await fetch(uri, { signal: AbortSignal.timeout(3000) });
      if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
      return res.arrayBuffer();
    },
  },
});
const verifier = JwtRsaVerifier.create(
  {
    issuer: config.AUTH_ISSUER,
    jwksUri: config.AUTH_JWKS_URI,
    audience: null,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (payload.client_id !== config.AUTH_CLIENT_ID) throw new Error('token of another client');
    },
  },
  { jwksCache },
);

/**
 * Tokens this instance verified, until they expire: the same bytes verify the same way, so a page's many requests
 * check the signature once (revocation is checked on every request beside it, see revocation.ts).
 */
const verified = new Map<string, Session>();
const MAX_VERIFIED = 5_000;

/** The verified session of an access token, or null for any token that does not verify. */
export async function verifySession(token: string | undefined, nowMs = Date.now()): Promise<Session | null> {
  if (!token) return null;
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt * 1000 > nowMs) return known;
    verified.delete(token);
    return null;
  }
  try {
    const payload = await verifier.verify(token);
    if (!payload.sub || !payload.exp) return null;
    const groups = Array.isArray(payload['cognito:groups']) ? (payload['cognito:groups'] as string[]) : [];
    const sessionId = String(payload.origin_jti ?? payload.jti ?? '');
    if (!sessionId) return null;
    const session: Session = Object.freeze({ userId: payload.sub, isOwner: groups.includes(OWNERS_GROUP), groups: Object.freeze(groups) as string[], token, expiresAt: payload.exp, issuedAt: Number(payload.iat ?? 0), sessionId, username: String(payload.username ?? payload['cognito:username'] ?? payload.sub) });
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, session);
    return session;
  } catch {
    return null;
  }
}
