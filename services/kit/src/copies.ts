import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE, type Key } from './ddb.ts';
import { setExpression } from './items.ts';

/**
 * Writes a read copy of another service's state only when `version` is newer than the copy's
 * `versionAttr`, so duplicates and reordered deliveries keep the newest state. With `mustExist`, the
 * item must already be there (a copy kept on an existing record). Returns whether it was applied.
 */
export async function applyIfNewer(key: Key, versionAttr: string, version: number, fields: Record<string, unknown>, mustExist = false): Promise<boolean> {
  const set = setExpression({ ...fields, [versionAttr]: version }, { ':ver': version });
  const newer = '(attribute_not_exists(#ver) OR #ver < :ver)';
  try {
    await ddb.send(new UpdateCommand({
      TableName: TABLE, Key: key, ...set,
      ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#ver': versionAttr },
      ConditionExpression: mustExist ? `attribute_exists(PK) AND ${newer}` : newer,
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
