import { randomBytes } from 'node:crypto';
import { write } from '@torcedor/service-kit/entity';
import { queryPage } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { AUTOMATION_HISTORY_SHOWN, AUTOMATION_LEASE_MS } from '@torcedor/shared/constants';
import { AutomationRun, type AutomationName } from '@torcedor/shared/schemas/marketing';
import { leases, runs } from './entities.ts';
import { keys } from './keys.ts';

/** A run id that sorts by start time (base-36 milliseconds) and cannot collide. */
export const newRunId = (nowMs: number) => `${nowMs.toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;

/** What a start came to: the run, or the time the run holding the lease holds it until. */
export type StartResult = { started: true; run: AutomationRun } | { started: false; heldUntil: string };

/**
 * AP: start a run of an automation: take its lease (free, or expired: a run that died) and record the run as
 * running, in one transaction; a run the owner asked for also puts AutomationRequested on the bus in it (the
 * worker does the work). While a run holds the lease, another start is refused.
 */
export async function startRun(name: AutomationName, trigger: AutomationRun['trigger'], requestedBy: string | null, now: Date): Promise<StartResult> {
  const runId = newRunId(now.getTime());
  const run: AutomationRun = { id: runId, name, trigger, outcome: 'running', startedAt: now.toISOString(), finishedAt: null, durationMs: null, summary: null };
  const r = await transact({
    lease: leases.put(name, { runId, expiresAtMs: now.getTime() + AUTOMATION_LEASE_MS }, {
      ConditionExpression: 'attribute_not_exists(PK) OR expiresAtMs < :now', ExpressionAttributeValues: { ':now': now.getTime() },
    }),
    run: runs.put({ name, runId }, run),
    event: requestedBy ? eventPart('AutomationRequested', { runId, name, requestedBy }) : undefined,
  });
  if (r.ok) return { started: true, run };
  const lease = await readLease(name);
  return { started: false, heldUntil: new Date(lease?.expiresAtMs ?? now.getTime()).toISOString() };
}

/** The part that takes or renews run `runId`'s lease for AUTOMATION_LEASE_MS: when free, expired or already its own. */
function holdLeasePart(name: AutomationName, runId: string, now: Date): TransactPart {
  return leases.put(name, { runId, expiresAtMs: now.getTime() + AUTOMATION_LEASE_MS }, {
    ConditionExpression: 'attribute_not_exists(PK) OR runId = :id OR expiresAtMs < :now', ExpressionAttributeValues: { ':id': runId, ':now': now.getTime() },
  });
}

/**
 * AP: a run that goes on over many invocations (a paged job) keeps its lease: renewed by each page, so the run shows as
 * running and no other run starts. Answers false when another run holds it.
 */
export async function holdLease(name: AutomationName, runId: string, now: Date): Promise<boolean> {
  return write(holdLeasePart(name, runId, now));
}

/**
 * AP: hand an unfinished run to the next invocation: its lease renewed and AutomationRequested put on the bus again, in
 * one transaction (nothing when another run holds the lease: that run's worker goes on with it).
 */
export async function continueRun(run: AutomationRun, requestedBy: string, now: Date): Promise<boolean> {
  const r = await transact({
    lease: holdLeasePart(run.name, run.id, now),
    event: eventPart('AutomationRequested', { runId: run.id, name: run.name, requestedBy }),
  });
  return r.ok;
}

/** AP: an automation's lease, or null when free. */
export async function readLease(name: AutomationName): Promise<{ runId: string; expiresAtMs: number } | null> {
  const item = await leases.get(name);
  return item ? { runId: String(item.runId), expiresAtMs: Number(item.expiresAtMs) } : null;
}

/** AP: one run (consistent), or null. */
export async function readRun(name: AutomationName, runId: string): Promise<AutomationRun | null> {
  const item = await runs.get({ name, runId });
  return item ? AutomationRun.parse(item) : null;
}

/**
 * AP: record how a run ended (only a running run: a repeat changes nothing) and free the lease if the run still
 * holds it.
 */
export async function finishRun(run: AutomationRun, outcome: 'succeeded' | 'failed', summary: string, now: Date): Promise<void> {
  const durationMs = Math.max(0, now.getTime() - Date.parse(run.startedAt));
  await write(runs.update({ name: run.name, runId: run.id }, { outcome, finishedAt: now.toISOString(), durationMs, summary }, {
    ConditionExpression: 'outcome = :running', ExpressionAttributeValues: { ':running': 'running' },
  }));
  await write(leases.remove(run.name, { ConditionExpression: 'runId = :id', ExpressionAttributeValues: { ':id': run.id } }));
}

/** AP: the newest runs of an automation. */
export async function recentRuns(name: AutomationName, limit = AUTOMATION_HISTORY_SHOWN): Promise<AutomationRun[]> {
  const page = await queryPage({
    ScanIndexForward: false, Limit: limit,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :run)', ExpressionAttributeValues: { ':pk': keys.automationPartition(name), ':run': 'RUN#' },
  });
  return page.items.map((i) => AutomationRun.parse(i));
}
