import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { probeUserPool } from '../providers/cognito.ts';
import { probeTable } from '../store/readiness.ts';

/** A dependency answering slower than this is degraded; one that fails (or times out, 1.2 s x 2) is down. */
const DEGRADED_MS = 300;

async function probe(name: string, call: () => Promise<unknown>) {
  const started = performance.now();
  try {
    await call();
    const latencyMs = Math.round(performance.now() - started);
    return { name, status: latencyMs > DEGRADED_MS ? ('degraded' as const) : ('ok' as const), latencyMs };
  } catch (err) {
    return { name, status: 'down' as const, latencyMs: Math.round(performance.now() - started), error: (err as Error).name || 'Error' };
  }
}

/**
 * GET /api/health/ready: each dependency of the API's front door, probed in parallel: the database (a
 * consistent read on identity's table) and the user pool. /api/health stays the fast liveness answer.
 */
export const getReadiness: RouteHandler<Routes['getReadiness']> = async () => {
  const dependencies = await Promise.all([
    probe('dynamodb', probeTable),
    probe('cognito', probeUserPool),
  ]);
  const status = dependencies.some((d) => d.status === 'down') ? 'down' : dependencies.some((d) => d.status === 'degraded') ? 'degraded' : 'ok';
  return { status, checkedAt: new Date().toISOString(), dependencies };
};
