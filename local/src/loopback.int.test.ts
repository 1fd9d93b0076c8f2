import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from './paths.ts';
import { nonLoopbackAddresses, portOf, tryConnect } from './testing/reachability.ts';

/**
 * The AWS stand-ins have no authentication (DynamoDB Local, cognito-local, s3rver, the bus): they must
 * listen on loopback only, never on an address the LAN can reach. These are the stand-ins of the global
 * setup, started by the same functions as `npm start` (stack.int.test.ts checks the stack's own too).
 */
const aws = inject('localAws');
const standIns = {
  'DynamoDB Local': portOf(aws.dynamoEndpoint),
  'cognito-local': portOf(aws.cognitoEndpoint),
  s3rver: portOf(aws.s3Endpoint),
  'local bus': portOf(aws.eventBridgeEndpoint),
};
const ipv4 = nonLoopbackAddresses('IPv4');
const ipv6 = nonLoopbackAddresses('IPv6');

describe('AWS stand-ins listen on loopback only', () => {
  it.each(Object.entries(standIns))('%s answers on 127.0.0.1', async (_name, port) => {
    expect(await tryConnect('127.0.0.1', port)).toBe('connected');
  });

  it.skipIf(ipv4.length === 0)(`refuses connections on this machine's other IPv4 addresses (${ipv4.join(', ') || 'none: skipped'})`, async () => {
    for (const address of ipv4) {
      for (const [name, port] of Object.entries(standIns)) {
        expect([name, address, await tryConnect(address, port)]).toEqual([name, address, 'refused']);
      }
    }
  });

  it.skipIf(ipv6.length === 0)(`refuses connections on this machine's other IPv6 addresses (${ipv6.join(', ') || 'none: skipped'})`, async () => {
    for (const address of ipv6) {
      for (const [name, port] of Object.entries(standIns)) {
        expect([name, address, await tryConnect(address, port)]).toEqual([name, address, 'refused']);
      }
    }
  });
});

describe('local/java/LoopbackDynamoDBLocal.class (what binds DynamoDB Local to 127.0.0.1)', () => {
  const javaDir = join(REPO_ROOT, 'local/java');
  const shipped = readFileSync(join(javaDir, 'LoopbackDynamoDBLocal.class'));

  it('is Java 17 bytecode, so a Java 17 runtime runs it', () => {
    expect(shipped.readUInt32BE(0)).toBe(0xcafebabe);
    expect(shipped.readUInt16BE(6)).toBe(61);
  });

  // javac output is reproducible for one javac version: compared only with the javac that built it (17).
  const javac = spawnSync('javac', ['-version'], { encoding: 'utf8' });
  const javac17 = !javac.error && /^javac 17\./.test(`${javac.stdout}${javac.stderr}`.trim());
  it.skipIf(!javac17)('is compiled from the .java next to it (javac --release 17 -d local/java local/java/LoopbackDynamoDBLocal.java)', () => {
    const out = mkdtempSync(join(tmpdir(), 'loopback-javac-'));
    try {
      const r = spawnSync('javac', ['--release', '17', '-d', out, join(javaDir, 'LoopbackDynamoDBLocal.java')], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(join(out, 'LoopbackDynamoDBLocal.class')).equals(shipped)).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
