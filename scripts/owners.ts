/**
 * Makes a member an owner, or not: `npm run owners -- add|remove|list [email] [--local [DATA_DIR]]`.
 * Owners are the user pool group `owners`, and only an operator puts anyone in it (never the email a member
 * signs up with). In AWS it uses the credentials and region of the shell and the pool id from `--pool-id` or
 * USER_POOL_ID (the stateful stack's output); `--local` uses the pool of the local stack in DATA_DIR (.data).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand, CognitoIdentityProviderClient, ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { OWNERS_GROUP } from '@torcedor/shared/constants';

const args = process.argv.slice(2);
const [command, email] = args.filter((a) => !a.startsWith('--'));
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : (args[i + 1] && !args[i + 1]!.startsWith('--') ? args[i + 1]! : '');
};
const usage = 'usage: npm run owners -- add|remove <email> | list   [--local [DATA_DIR]] [--pool-id ID] [--region REGION]';
if (!command || !['add', 'remove', 'list'].includes(command) || (command !== 'list' && !email)) {
  console.error(usage);
  process.exit(2);
}

function target(): { client: CognitoIdentityProviderClient; poolId: string } {
  const local = flag('local');
  if (local !== undefined) {
    const dataDir = resolve(local || process.env.DATA_DIR || '.data');
    const state = JSON.parse(readFileSync(join(dataDir, 'local.json'), 'utf8')) as { userPoolId?: string; ports?: { cognito?: number } };
    if (!state.userPoolId || !state.ports?.cognito) throw new Error(`no local user pool in ${dataDir}: start it once with npm start`);
    return {
      client: new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${state.ports.cognito}`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      poolId: state.userPoolId,
    };
  }
  const poolId = flag('pool-id') || process.env.USER_POOL_ID;
  if (!poolId) throw new Error('give the pool id: --pool-id ID or USER_POOL_ID (the user pool of the Torcedor<Stage>Stateful stack)');
  return { client: new CognitoIdentityProviderClient({ region: flag('region') || process.env.AWS_REGION }), poolId };
}

const { client, poolId } = target();
const username = email?.trim().toLowerCase();
if (command === 'add') {
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: OWNERS_GROUP }));
  console.log(`${username} is an owner now (from their next sign-in).`);
} else if (command === 'remove') {
  await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: username, GroupName: OWNERS_GROUP }));
  console.log(`${username} is no longer an owner (from their next sign-in).`);
} else {
  const out = await client.send(new ListUsersInGroupCommand({ UserPoolId: poolId, GroupName: OWNERS_GROUP }));
  for (const u of out.Users ?? []) console.log(u.Username);
}
