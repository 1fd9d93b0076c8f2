import {
  AdminAddUserToGroupCommand, AdminConfirmSignUpCommand, CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export interface PoolAccess { cognitoEndpoint: string; userPoolId: string; clientId: string }

/**
 * A real member of the local user pool with a signed-in session, as the session cookie a browser
 * would send. Used by tests of services other than identity, which only verify sessions.
 */
export async function memberSession(pool: PoolAccess, opts: { owner?: boolean } = {}) {
  const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: pool.cognitoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const username = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Test-Pass-2026';
  const up = await cognito.send(new SignUpCommand({ ClientId: pool.clientId, Username: username, Password: password, UserAttributes: [{ Name: 'email', Value: username }] }));
  await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: pool.userPoolId, Username: username }));
  if (opts.owner) await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: username, GroupName: 'owners' }));
  const auth = await cognito.send(new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } }));
  return { userId: up.UserSub!, cookies: [`torcedor_session=${auth.AuthenticationResult!.AccessToken!}`] };
}
