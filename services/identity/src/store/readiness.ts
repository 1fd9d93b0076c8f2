import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { keys } from './keys.ts';

/** AP: the readiness probe: a consistent read of a fixed key in identity's table (nothing is there; the answer is what counts). */
export async function probeTable(): Promise<void> {
  await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.readinessProbe, ConsistentRead: true }));
}
