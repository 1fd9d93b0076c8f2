import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CATALOG_COPY_STATE_KEY, CATALOG_VERSION_KEY } from '@torcedor/shared/constants';
import { subscriptions } from '@torcedor/shared/events';
import type { ServiceName } from '@torcedor/shared/services';
import { tableName } from '../aws/local-aws.ts';
import type { LocalBus } from '../bus.ts';
import type { StackRun } from './run.ts';

/**
 * Ready means ready (docs/architecture.md, "On one machine"): the stack says 'ready' only once every service's copy of
 * the catalog holds the catalog's current version whole, so the first review of a catalog cigar finds it and VitolAI
 * suggests from the whole catalog. A copy that lacks chunks heals the way it does in AWS: the catalog's heartbeat
 * (CatalogPublished) makes it ask humidor for the version again; here the heartbeat is ticked every HEARTBEAT_EVERY_MS
 * instead of hourly while the stack waits, and humidor's outbox relay (which continues the announcement) every
 * RELAY_EVERY_MS instead of every minute.
 */

/** The services that keep a copy of the catalog: CatalogCigarsChanged's consumers. */
const COPY_KEEPERS: readonly ServiceName[] = subscriptions.filter((s) => s.event === 'CatalogCigarsChanged').map((s) => s.consumer);
const HEARTBEAT = 'catalog-heartbeat';
const HEARTBEAT_EVERY_MS = 15_000;
/**
 * Humidor's minute schedule continues an announcement the import left unfinished and publishes what its outbox holds;
 * while the stack waits it runs every RELAY_EVERY_MS.
 */
const RELAY = 'outbox-relay-humidor';
const RELAY_EVERY_MS = 2_000;
const POLL_MS = 250;
/** Longer than a copy's grace before it asks again (CATALOG_COPY_GRACE_SECONDS) plus a whole announcement on a loaded machine. */
const WAIT_MS = 10 * 60_000;

const numberAt = async (db: DynamoDBClient, table: string, key: { PK: string; SK: string }, attribute: string): Promise<number | null> => {
  const { Item } = await db.send(new GetItemCommand({ TableName: table, Key: { PK: { S: key.PK }, SK: { S: key.SK } }, ConsistentRead: true }));
  const n = Item?.[attribute]?.N;
  return n === undefined ? null : Number(n);
};

/** The copies that do not yet hold `version` whole. */
async function copiesBehind(db: DynamoDBClient, version: number): Promise<ServiceName[]> {
  const whole = await Promise.all(COPY_KEEPERS.map((s) => numberAt(db, tableName(s), CATALOG_COPY_STATE_KEY, 'wholeVersion')));
  return COPY_KEEPERS.filter((_, i) => (whole[i] ?? -1) < version);
}

/** Waits until every copy of the catalog holds humidor's current version whole; fails after WAIT_MS naming the copies behind. */
export async function awaitCatalogCopies(run: StackRun, db: DynamoDBClient, bus: LocalBus): Promise<void> {
  const version = await numberAt(db, tableName('humidor'), CATALOG_VERSION_KEY, 'version');
  if (!version) return;
  const t0 = performance.now();
  let lastHeartbeat = t0;
  let lastRelay = t0 - RELAY_EVERY_MS;
  let told = false;
  for (;;) {
    await bus.idle();
    const behind = await copiesBehind(db, version);
    if (!behind.length) {
      if (told) run.log.ok(`catalog copies whole (version ${version}) after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      return;
    }
    const waited = performance.now() - t0;
    if (waited > WAIT_MS) throw new Error(`the catalog copies of ${behind.join(', ')} are still behind version ${version} after ${WAIT_MS / 60_000} minutes`);
    if (!told && waited > 2000) {
      run.log.info(`waiting for the catalog copies of ${behind.join(', ')} (version ${version})…`);
      told = true;
    }
    if (performance.now() - lastRelay > RELAY_EVERY_MS) {
      bus.tick(RELAY);
      lastRelay = performance.now();
    }
    if (performance.now() - lastHeartbeat > HEARTBEAT_EVERY_MS) {
      bus.tick(HEARTBEAT);
      lastHeartbeat = performance.now();
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
