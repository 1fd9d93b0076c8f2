import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from './bus.ts';

let ddbMod: typeof import('../src/ddb.ts');
let items: typeof import('../src/items.ts');
let tx: typeof import('../src/transactions.ts');
let events: typeof import('../src/worker.ts');

beforeAll(async () => {
  Object.assign(process.env, serviceEnv('humidor', inject('localAws')), { LOG_LEVEL: 'SILENT' });
  ddbMod = await import('../src/ddb.ts');
  items = await import('../src/items.ts');
  tx = await import('../src/transactions.ts');
  events = await import('../src/worker.ts');
});

const put = (Item: Record<string, unknown>) => ddbMod.ddb.send(new PutCommand({ TableName: ddbMod.TABLE, Item }));
const get = async (Key: { PK: string; SK: string }) => (await ddbMod.ddb.send(new GetCommand({ TableName: ddbMod.TABLE, Key, ConsistentRead: true }))).Item;

describe('the DynamoDB toolkit on DynamoDB Local', () => {
  it('names the parts of a transaction that failed their condition, and leaves undefined parts out', async () => {
    const pk = `T#${randomUUID()}`;
    await put({ PK: pk, SK: 'A', n: 1 });
    const table = ddbMod.TABLE;
    const failed = await tx.transact({
      fresh: { Put: { TableName: table, Item: { PK: pk, SK: 'B' }, ConditionExpression: 'attribute_not_exists(PK)' } },
      existing: { Put: { TableName: table, Item: { PK: pk, SK: 'A', n: 2 }, ConditionExpression: 'attribute_not_exists(PK)' } },
      skipped: undefined,
    });
    expect(failed).toEqual({ ok: false, failed: ['existing'] });
    expect(await get({ PK: pk, SK: 'B' })).toBeUndefined();
    const ok = await tx.transact({ fresh: { Put: { TableName: table, Item: { PK: pk, SK: 'B' }, ConditionExpression: 'attribute_not_exists(PK)' } }, skipped: undefined });
    expect(ok).toEqual({ ok: true });
  });

  it('reads 250 keys in batches, in the order asked, without the missing ones', async () => {
    const pk = `T#${randomUUID()}`;
    for (let from = 0; from < 240; from += 24) {
      await Promise.all(Array.from({ length: 24 }, (_, j) => from + j).map((i) => put({ PK: pk, SK: `S${String(i).padStart(3, '0')}`, i })));
    }
    const keys = Array.from({ length: 250 }, (_, i) => ({ PK: pk, SK: `S${String(249 - i).padStart(3, '0')}` }));
    const found = await items.batchGetAll(keys, { consistent: true });
    expect(found.map((f) => f.i)).toEqual(Array.from({ length: 240 }, (_, i) => 239 - i));
  });

  it('counts every page of a query and updates fields named like reserved words', async () => {
    const pk = `T#${randomUUID()}`;
    await Promise.all(Array.from({ length: 30 }, (_, i) => put({ PK: pk, SK: `C${i}` })));
    expect(await items.countAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: 7, ConsistentRead: true })).toBe(30);
    await ddbMod.ddb.send(new UpdateCommand({
      TableName: ddbMod.TABLE, Key: { PK: pk, SK: 'C0' }, ConditionExpression: 'attribute_exists(PK) AND :ok = :ok',
      ...items.setExpression({ status: 'aged', items: 3, name: 'x', skip: undefined, ...items.indexKeys({ GSI1: ['G#1', 'k'] }) }, { ':ok': true }),
    }));
    expect(await get({ PK: pk, SK: 'C0' })).toEqual({ PK: pk, SK: 'C0', status: 'aged', items: 3, name: 'x', GSI1PK: 'G#1', GSI1SK: 'k' });
  });

  it("exports a member's partition without key attributes and deletes all of it", async () => {
    const userId = randomUUID();
    const pk = ddbMod.memberPK(userId);
    await Promise.all(Array.from({ length: 40 }, (_, i) => put({ PK: pk, SK: `X${i}`, GSI1PK: 'g', GSI1SK: 's', ttl: 1, value: i })));
    const member = items.memberPartition('humidor');
    const part = await member.exportMember(userId);
    expect(part.service).toBe('humidor');
    expect(part.items).toHaveLength(40);
    expect(Object.keys(part.items[0]!)).toEqual(['value']);
    await member.deleteMember(userId);
    expect((await member.exportMember(userId)).items).toEqual([]);
  });
});

describe('workers handle each event once', () => {
  it('runs the handler once for two concurrent deliveries of one event, and again after a failed run', async () => {
    let runs = 0;
    let failNext = false;
    const worker = events.createWorker('humidor', {
      events: {
        UserDeleted: async () => {
          runs += 1;
          await new Promise((r) => setTimeout(r, 150));
          if (failNext) {
            failNext = false;
            throw new Error('the work failed');
          }
        },
      },
      schedules: {},
    } as never) as unknown as (e: unknown, c: unknown) => Promise<unknown>;
    const event = busEvent('UserDeleted', { userId: randomUUID(), deletedAt: new Date().toISOString() });
    const context = { getRemainingTimeInMillis: () => 30_000, functionName: 'humidor-worker', awsRequestId: randomUUID() };

    // Two deliveries at once: one does the work, the other is refused while it runs.
    const [a, b] = await Promise.allSettled([worker(event, context), worker(event, context)]);
    expect(runs).toBe(1);
    expect([a.status, b.status].sort()).toEqual(['fulfilled', 'rejected']);
    const refused = (a.status === 'rejected' ? a : b) as PromiseRejectedResult;
    expect((refused.reason as Error).name).toBe('IdempotencyAlreadyInProgressError');
    // The bus retries the refused one: it finds the event done and does nothing.
    await deliver((e, c) => worker(e, { ...context, ...(c as object) }), event);
    expect(runs).toBe(1);

    // A run that fails leaves no record behind, so the bus's retry does the work.
    const other = busEvent('UserDeleted', { userId: randomUUID(), deletedAt: new Date().toISOString() });
    failNext = true;
    await deliver((e) => worker(e, context), other);
    expect(runs).toBe(3);
  });
});
