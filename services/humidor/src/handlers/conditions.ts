import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import type { Routes } from '@torcedor/shared/routes';
import { HUMIDITY_TARGET, rechargeNeeded } from '../domain/conditions.ts';
import { addReading, listReadings } from '../store/conditions.ts';

async function conditionsLog(userId: string) {
  const readings = await listReadings(userId);
  return { readings, target: { ...HUMIDITY_TARGET }, rechargeNeeded: rechargeNeeded(readings) };
}

/** The member's latest conditions readings, the target band and whether to recharge. */
export const getConditions: RouteHandler<Routes['getConditions']> = async ({ session }) => conditionsLog(session.userId);

/** Logs a reading (now unless told when), then answers the log. */
export const addConditionReading: RouteHandler<Routes['addConditionReading']> = async ({ session, body, idempotencyKey }) => {
  const id = idempotencyKey ? keyedId(session.userId, idempotencyKey, 'reading') : undefined;
  const recordedAt = body.recordedAt ? new Date(body.recordedAt).toISOString() : new Date().toISOString();
  await addReading(session.userId, { humidity: body.humidity, temperatureC: body.temperatureC, note: body.note, recordedAt }, id);
  return conditionsLog(session.userId);
};
