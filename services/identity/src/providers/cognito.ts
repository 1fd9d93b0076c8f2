import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { badRequest, conflict, DomainError, tooManyRequests } from '@torcedor/service-kit/errors';
import { traced } from '@torcedor/service-kit/observability';
import { clientOptions } from '@torcedor/service-kit/aws';
import { config } from '../config.ts';

type Sdk = typeof import('@aws-sdk/client-cognito-identity-provider');
let pool: Promise<{ sdk: Sdk; cognito: CognitoIdentityProviderClient }> | undefined;

/**
 * The user pool SDK and client, loaded on first use and then kept for the life of the function
 * instance. GET /api/auth/user, which every page load calls, never needs them: its cold starts skip the
 * SDK's module loading (about a quarter of this function's import time).
 */
function userPool() {
  pool ??= import('@aws-sdk/client-cognito-identity-provider').then((sdk) => ({
    sdk,
    cognito: traced(new sdk.CognitoIdentityProviderClient({
      region: config.AWS_REGION,
      ...clientOptions(),
      ...(config.COGNITO_ENDPOINT ? { endpoint: config.COGNITO_ENDPOINT } : {}),
    })),
  }));
  return pool;
}
const ClientId = config.AUTH_CLIENT_ID;
const UserPoolId = config.USER_POOL_ID;

export interface Tokens { accessToken: string; refreshToken?: string; expiresIn: number }

const name = (err: unknown) => (err as { name?: string } | null)?.name ?? '';
/** Wrong email or password, one generic answer whatever failed (no user enumeration). */
export const invalidCredentials = () => new DomainError('INVALID_CREDENTIALS', 'Invalid email or password');

/**
 * Creates a confirmed pool user with its password; returns its `sub` (the member's id). Only identity creates
 * users, with admin calls: the pool's self sign-up is off, so nobody can skip the age rule by calling Cognito.
 */
export async function createPoolUser(username: string, password: string, attributes: Record<string, string>): Promise<string> {
  const { sdk, cognito } = await userPool();
  let created = false;
  try {
    const out = await cognito.send(new sdk.AdminCreateUserCommand({
      UserPoolId, Username: username, MessageAction: 'SUPPRESS',
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    }));
    created = true;
    await cognito.send(new sdk.AdminSetUserPasswordCommand({ UserPoolId, Username: username, Password: password, Permanent: true }));
    const sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error('user pool returned no sub');
    return sub;
  } catch (err) {
    // A user whose password was refused must not stay behind half made.
    if (created) await cognito.send(new sdk.AdminDeleteUserCommand({ UserPoolId, Username: username })).catch(() => undefined);
    switch (name(err)) {
      case 'UsernameExistsException': throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
      case 'InvalidPasswordException': throw badRequest((err as Error).message, [{ path: ['password'], message: (err as Error).message }], 'WEAK_PASSWORD');
      case 'InvalidParameterException': throw badRequest((err as Error).message);
      case 'TooManyRequestsException': throw tooManyRequests('Too many requests, please try again shortly', 'RATE_LIMITED', 5);
      default: throw err;
    }
  }
}

export async function deletePoolUser(username: string): Promise<void> {
  const { sdk, cognito } = await userPool();
  await cognito.send(new sdk.AdminDeleteUserCommand({ UserPoolId, Username: username })).catch((err: unknown) => {
    if (name(err) !== 'UserNotFoundException') throw err;
  });
}

/** Who is signing in, for the user pool's threat protection: the member's real address (kit client-address.ts) and browser. */
export interface Viewer { address: string; userAgent: string; path: string }
export const viewerOf = (event: { rawPath: string; headers: Record<string, string | undefined> }, address: string): Viewer =>
  ({ address, userAgent: event.headers['user-agent'] ?? '', path: event.rawPath });
const serverName = new URL(config.APP_ORIGIN).host;

/**
 * Signs in with the password (the admin flow, whose ContextData carries the viewer's address to the pool's risk
 * scoring whatever the app client: docs/decisions.md, "Client address"); wrong credentials are one generic 401.
 */
export async function passwordAuth(username: string, password: string, viewer?: Viewer): Promise<Tokens> {
  const { sdk, cognito } = await userPool();
  try {
    const out = await cognito.send(new sdk.AdminInitiateAuthCommand({
      UserPoolId, ClientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password },
      ...(viewer?.address ? {
        ContextData: {
          IpAddress: viewer.address, ServerName: serverName, ServerPath: viewer.path,
          HttpHeaders: viewer.userAgent ? [{ headerName: 'User-Agent', headerValue: viewer.userAgent }] : [],
        },
      } : {}),
    }));
    const r = out.AuthenticationResult;
    if (!r?.AccessToken) throw invalidCredentials();
    return { accessToken: r.AccessToken, refreshToken: r.RefreshToken, expiresIn: r.ExpiresIn ?? 3600 };
  } catch (err) {
    // cognito-local answers a wrong password with InvalidPasswordException, Cognito with NotAuthorizedException.
    if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException', 'UserNotConfirmedException'].includes(name(err))) throw invalidCredentials();
    if (name(err) === 'TooManyRequestsException') throw tooManyRequests('Too many sign-in attempts, please try again shortly', 'RATE_LIMITED', 30);
    throw err;
  }
}

/** New access token from a refresh token, or null when the refresh token is no longer valid. */
export async function refreshAuth(refreshToken: string): Promise<Tokens | null> {
  const { sdk, cognito } = await userPool();
  try {
    const out = await cognito.send(new sdk.InitiateAuthCommand({ ClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }));
    const r = out.AuthenticationResult;
    return r?.AccessToken ? { accessToken: r.AccessToken, expiresIn: r.ExpiresIn ?? 3600 } : null;
  } catch (err) {
    if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidParameterException'].includes(name(err))) return null;
    throw err;
  }
}

/** Revokes a refresh token (and, in Cognito, the access tokens it issued). Unknown tokens are ignored. */
export async function revokeRefreshToken(token: string): Promise<void> {
  const { sdk, cognito } = await userPool();
  await cognito.send(new sdk.RevokeTokenCommand({ ClientId, Token: token })).catch((err: unknown) => {
    if (!['UnsupportedTokenTypeException', 'InvalidParameterException', 'NotAuthorizedException', 'UnauthorizedException'].includes(name(err))) throw err;
  });
}

/** Readiness probe: the user pool answers a description of itself. */
export async function probeUserPool(): Promise<void> {
  const { sdk, cognito } = await userPool();
  await cognito.send(new sdk.DescribeUserPoolCommand({ UserPoolId }));
}

/**
 * Signs the user out of every device (all their refresh tokens revoked). The local user pool has no global
 * sign-out; there the revoked refresh token and the login's marker end the session (docs/decisions.md).
 */
export async function signOutEverywhere(username: string): Promise<void> {
  if (config.COGNITO_ENDPOINT) return;
  const { sdk, cognito } = await userPool();
  await cognito.send(new sdk.AdminUserGlobalSignOutCommand({ UserPoolId, Username: username })).catch((err: unknown) => {
    if (name(err) !== 'UserNotFoundException') throw err;
  });
}

/** Sets a member's password (a reset with an emailed code); a password the pool refuses is WEAK_PASSWORD, as at sign-up. */
export async function setPoolPassword(username: string, password: string): Promise<void> {
  const { sdk, cognito } = await userPool();
  try {
    await cognito.send(new sdk.AdminSetUserPasswordCommand({ UserPoolId, Username: username, Password: password, Permanent: true }));
  } catch (err) {
    if (name(err) === 'InvalidPasswordException') throw badRequest((err as Error).message, [{ path: ['password'], message: (err as Error).message }], 'WEAK_PASSWORD');
    throw err;
  }
}

/**
 * Records a proved address on the pool user (`email`, `email_verified`). The pool user name never changes: sign-in
 * resolves the address to it (../../README.md, "Email").
 */
export async function setPoolEmail(username: string, email: string): Promise<void> {
  const { sdk, cognito } = await userPool();
  await cognito.send(new sdk.AdminUpdateUserAttributesCommand({
    UserPoolId, Username: username, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
  }));
}

/** The member id (`sub`) of the pool user with this user name, or null when there is none. */
export async function poolUserId(username: string): Promise<string | null> {
  const { sdk, cognito } = await userPool();
  try {
    const out = await cognito.send(new sdk.AdminGetUserCommand({ UserPoolId, Username: username }));
    return out.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? null;
  } catch (err) {
    if (name(err) === 'UserNotFoundException') return null;
    throw err;
  }
}
