import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient, CreateGroupCommand, CreateUserPoolClientCommand, CreateUserPoolCommand,
  DescribeUserPoolClientCommand, DescribeUserPoolCommand, GetGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { manage, type Child } from '../children.ts';
import { logChildTo } from '../child-log.ts';
import { waitFor } from '../ports.ts';
import { clientConfig } from './local-aws.ts';

const require = createRequire(import.meta.url);
/** The cognito-local CLI (its package exports only `lib/index.js`; the bin sits next to it). */
const COGNITO_LOCAL_BIN = require.resolve('cognito-local').replace(/index\.js$/, 'bin/start.js');

const OWNERS_GROUP = 'owners';

export interface CognitoOptions {
  port: number;
  /** cognito-local keeps its data in `<dir>/.cognito`. */
  dir: string;
  logFile?: string;
}

/**
 * Spawns cognito-local on 127.0.0.1:<port>. Its tokens' `iss` is `http://<HOST>:<PORT>/<poolId>` built
 * from these env values, so the port is kept across restarts (sessions then survive a restart).
 */
export async function startCognito(o: CognitoOptions): Promise<{ endpoint: string; child: Child; client: CognitoIdentityProviderClient }> {
  mkdirSync(join(o.dir, '.cognito'), { recursive: true });
  // cognito-local makes every new pool's usernames emails unless its config says otherwise; Torcedor's
  // pools (here and in CDK) use plain usernames: the normalised email for members, trial_<uuid> for trials.
  writeFileSync(join(o.dir, '.cognito', 'config.json'), JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }, null, 2));
  const proc = spawn(process.execPath, [COGNITO_LOCAL_BIN], {
    cwd: o.dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(o.port),
      NODE_NO_WARNINGS: '1',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  logChildTo(proc, o.logFile);
  const child = manage('cognito-local', proc);
  const endpoint = `http://127.0.0.1:${o.port}`;
  let exited = false;
  void child.exited.then(() => { exited = true; });
  await waitFor('cognito-local', async () => {
    if (exited) throw new Error(`cognito-local exited during start-up (port ${o.port} busy?)`);
    const res = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  }).catch(async (err: unknown) => {
    await child.stop();
    throw err;
  });
  return { endpoint, child, client: new CognitoIdentityProviderClient(clientConfig(endpoint)) };
}

export interface PoolIds {
  userPoolId: string;
  clientId: string;
}

/**
 * The user pool, the `owners` group and the web app client, as CDK defines them: email as username,
 * password policy min 8 with upper/lower/digit, ADMIN_USER_PASSWORD_AUTH (identity signs members in) + REFRESH_TOKEN_AUTH, 60 min access
 * tokens, 30 day refresh tokens. Reuses `known` when the pool and client still exist.
 */
export async function ensureUserPool(client: CognitoIdentityProviderClient, known?: Partial<PoolIds>): Promise<PoolIds & { created: boolean }> {
  let userPoolId = known?.userPoolId;
  let clientId = known?.clientId;
  let created = false;
  if (userPoolId) {
    // A pool made before plain usernames (UsernameAttributes email) cannot hold trial members: replace it.
    const exists = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }))
      .then((r) => !r.UserPool?.UsernameAttributes?.includes('email'), () => false);
    if (!exists) userPoolId = clientId = undefined;
  }
  if (!userPoolId) {
    const pool = await client.send(new CreateUserPoolCommand({
      PoolName: 'torcedor-local',
      // Plain usernames: members sign up with their normalised email as the username, trial members get
      // `trial_<uuid>` and no email. Same as the CDK pool.
      UsernameConfiguration: { CaseSensitive: false },
      Policies: {
        PasswordPolicy: { MinimumLength: 8, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: false },
      },
    }));
    userPoolId = pool.UserPool!.Id!;
    created = true;
  }
  const hasGroup = await client.send(new GetGroupCommand({ UserPoolId: userPoolId, GroupName: OWNERS_GROUP })).then(() => true, () => false);
  if (!hasGroup) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: OWNERS_GROUP, Description: 'Platform owners (isOwner)' }));
  }
  if (clientId) {
    const exists = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId })).then(() => true, () => false);
    if (!exists) clientId = undefined;
  }
  if (!clientId) {
    const app = await client.send(new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'torcedor-web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    }));
    clientId = app.UserPoolClient!.ClientId!;
    created = true;
  }
  return { userPoolId, clientId, created };
}
