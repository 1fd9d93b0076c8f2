import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

// Fault injection: DynamoDB leaving keys unprocessed (throttling) cannot be provoked on DynamoDB Local.
const mock = mockClient(DynamoDBDocumentClient);
let items: typeof import('../src/items.ts');

beforeAll(async () => {
  Object.assign(process.env, { TABLE_NAME: 'kit-test', AWS_REGION: 'us-east-1', SERVICE_NAME: 'humidor' });
  items = await import('../src/items.ts');
});
afterEach(() => mock.reset());

describe('batch reads and deletes retry what DynamoDB leaves unprocessed', () => {
  it('asks again for unprocessed keys until every one is answered', async () => {
    const keys = [{ PK: 'P', SK: 'a' }, { PK: 'P', SK: 'b' }, { PK: 'P', SK: 'c' }];
    mock.on(BatchGetCommand)
      .resolvesOnce({ Responses: { 'kit-test': [{ ...keys[0], v: 1 }] }, UnprocessedKeys: { 'kit-test': { Keys: [keys[1]!, keys[2]!] } } })
      .resolvesOnce({ Responses: { 'kit-test': [{ ...keys[2], v: 3 }] }, UnprocessedKeys: { 'kit-test': { Keys: [keys[1]!] } } })
      .resolvesOnce({ Responses: { 'kit-test': [{ ...keys[1], v: 2 }] } });
    const found = await items.batchGetAll(keys);
    expect(found.map((f) => f.v)).toEqual([1, 2, 3]);
    const asked = mock.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems!['kit-test']!.Keys!.length);
    expect(asked).toEqual([3, 2, 1]);
  });

  it('gives up with an error, not a partial answer, when keys stay unprocessed', async () => {
    mock.on(BatchGetCommand).resolves({ UnprocessedKeys: { 'kit-test': { Keys: [{ PK: 'P', SK: 'a' }] } } });
    await expect(items.batchGetAll([{ PK: 'P', SK: 'a' }])).rejects.toThrow(/unprocessed/);
  }, 30_000);

  it('deletes in batches of 25 and retries unprocessed deletes', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => ({ PK: 'P', SK: `k${i}` }));
    mock.on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { 'kit-test': [{ DeleteRequest: { Key: keys[3]! } }] } })
      .resolves({});
    await items.deleteKeys(keys);
    const sizes = mock.commandCalls(BatchWriteCommand).map((c) => c.args[0].input.RequestItems!['kit-test']!.length);
    expect(sizes).toEqual([25, 1, 5]);
  });
});
