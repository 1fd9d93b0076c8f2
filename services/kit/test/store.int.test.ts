import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';

let items: typeof import('../src/items.ts');
let entityMod: typeof import('../src/entity.ts');
let race: typeof import('../src/race.ts');
let tx: typeof import('../src/transactions.ts');

beforeAll(async () => {
  Object.assign(process.env, serviceEnv('humidor', inject('localAws')), { LOG_LEVEL: 'SILENT' });
  items = await import('../src/items.ts');
  entityMod = await import('../src/entity.ts');
  race = await import('../src/race.ts');
  tx = await import('../src/transactions.ts');
});

type Note = { owner: string; id: string; text: string; at: string; version: number };
const notes = () => entityMod.entity<Note, { owner: string; id: string }>({
  name: 'Note',
  key: ({ owner, id }) => ({ PK: `KITNOTES#${owner}`, SK: `NOTE#${id}` }),
  indexes: (n) => ({ GSI1: [`KITNOTESBY#${n.owner}`, `${n.at}#${n.id}`] }),
});

describe('an entity declared once (kit entity.ts) on DynamoDB Local', () => {
  it('writes its item with its index attributes, reads it back, and answers conditions as outcomes', async () => {
    const Note = notes();
    const owner = randomUUID();
    const id = { owner, id: 'a' };
    const note: Note = { owner, id: 'a', text: 'first', at: '2026-01-01T00:00:00.000Z', version: 1 };
    expect(Note.item(id, note)).toMatchObject({ PK: `KITNOTES#${owner}`, SK: 'NOTE#a', GSI1PK: `KITNOTESBY#${owner}`, GSI1SK: '2026-01-01T00:00:00.000Z#a', text: 'first' });
    expect(await entityMod.write(Note.put(id, note, { ifAbsent: true }))).toBe(true);
    expect(await entityMod.write(Note.put(id, { ...note, text: 'again' }, { ifAbsent: true }))).toBe(false);
    expect(await Note.get(id)).toMatchObject({ text: 'first', GSI1PK: `KITNOTESBY#${owner}` });

    const stale = Note.update(id, { text: 'stale' }, { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': 0 } });
    expect(await entityMod.write(stale)).toBe(false);
    const fresh = Note.update(id, { text: 'second', version: 2 }, { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': 1 } });
    expect(await entityMod.write(fresh)).toBe(true);
    expect(await entityMod.write(Note.update({ owner, id: 'missing' }, { text: 'x' }, { ifExists: true }))).toBe(false);
    expect(await Note.get({ owner, id: 'missing' })).toBeUndefined();

    // Parts compose with transact, whose failed conditions come back by name.
    const r = await tx.transact({ add: Note.put({ owner, id: 'b' }, { ...note, id: 'b' }, { ifAbsent: true }), again: Note.put(id, note, { ifAbsent: true }) });
    expect(r).toEqual({ ok: false, failed: ['again'] });
    expect(await tx.transact({ add: Note.put({ owner, id: 'b' }, { ...note, id: 'b' }, { ifAbsent: true }) })).toEqual({ ok: true });
    expect((await Note.getMany([{ owner, id: 'b' }, { owner, id: 'zz' }, id])).map((n) => [n.id, n.text])).toEqual([['b', 'first'], ['a', 'second']]);
    expect(await entityMod.write(Note.remove(id, { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': 1 } }))).toBe(false);
    expect(await entityMod.write(Note.remove(id))).toBe(true);
    expect(await Note.get(id)).toBeUndefined();
  });
});

describe('paging helpers (kit items.ts)', () => {
  it('pages a list after a cursor sort key, newest first, and says when more follow', async () => {
    const Note = notes();
    const owner = randomUUID();
    for (let i = 0; i < 5; i++) {
      const at = `2026-01-0${i + 1}T00:00:00.000Z`;
      await entityMod.write(Note.put({ owner, id: `n${i}` }, { owner, id: `n${i}`, text: String(i), at, version: 1 }));
    }
    const input = { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `KITNOTESBY#${owner}` } };
    const first = await items.queryAfter(input, { limit: 2, sortKey: 'GSI1SK' });
    expect(first.items.map((n) => n.id)).toEqual(['n4', 'n3']);
    expect(first.more).toBe(true);
    const second = await items.queryAfter(input, { limit: 2, sortKey: 'GSI1SK', after: String(first.items.at(-1)!.GSI1SK) });
    expect(second.items.map((n) => n.id)).toEqual(['n2', 'n1']);
    const last = await items.queryAfter(input, { limit: 2, sortKey: 'GSI1SK', after: String(second.items.at(-1)!.GSI1SK) });
    expect(last.items.map((n) => n.id)).toEqual(['n0']);
    expect(last.more).toBe(false);
    const oldestFirst = await items.queryAfter(input, { limit: 3, sortKey: 'GSI1SK', newestFirst: false, after: String(first.items[1]!.GSI1SK) });
    expect(oldestFirst.items.map((n) => n.id)).toEqual(['n4']);

    // One page at a time from a checkpoint, and every page in turn.
    const main = { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `KITNOTES#${owner}` }, Limit: 2 };
    const p1 = await items.queryPage(main);
    expect(p1.items).toHaveLength(2);
    const p2 = await items.queryPage(main, p1.next);
    expect(p2.items.map((n) => n.id)).toEqual(['n2', 'n3']);
    const sizes: number[] = [];
    for await (const page of items.queryPages(main)) sizes.push(page.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect((await items.queryAll(main)).length).toBe(5);
  });
});

describe('retryOnRace (kit race.ts)', () => {
  it('keeps a read-decide-write exact under concurrency: 20 racing increments of a versioned counter all land', async () => {
    const Note = notes();
    const owner = randomUUID();
    const id = { owner, id: 'counter' };
    await entityMod.write(Note.put(id, { owner, id: 'counter', text: '0', at: '2026-01-01T00:00:00.000Z', version: 0 }));
    let raced = 0;
    await Promise.all(Array.from({ length: 20 }, () => race.retryOnRace('the test counter', async () => {
      const seen = (await Note.get(id))!;
      const ok = await entityMod.write(Note.update(id, { text: String(Number(seen.text) + 1), version: seen.version + 1 }, {
        ConditionExpression: 'version = :seen', ExpressionAttributeValues: { ':seen': seen.version },
      }));
      if (!ok) raced++;
      return ok ? seen.version + 1 : race.RACED;
    }, 200)));
    expect((await Note.get(id))!).toMatchObject({ text: '20', version: 20 });
    expect(raced).toBeGreaterThan(0);
  });

  it('gives up after its tries with the kit dependency failure (a 503 with Retry-After), having tried exactly that often', async () => {
    let tries = 0;
    const err = await race.retryOnRace('a hot item', async () => { tries++; return race.RACED; }, 4).catch((e: unknown) => e as Error);
    expect(tries).toBe(4);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('ServiceUnavailable');
    expect((err as Error).message).toMatch(/a hot item .*4 tries/);
    expect(await race.retryOnRace('first time', async (n) => `done at ${n}`)).toBe('done at 0');
  });

  it('pauses with full jitter below its cap', () => {
    for (let a = 0; a < 30; a++) {
      const ms = race.backoffMs(a, race.RACE_BACKOFF);
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(Math.min(race.RACE_BACKOFF.capMs, race.RACE_BACKOFF.baseMs * 2 ** a) + 1e-9);
    }
  });
});
