import { subscriptions, schedules } from '@torcedor/shared/events';
import type { HeatMeasure } from './heat.ts';
import { DAILY_ACTIVE, DAILY_MIX, MEMBERS, MONTHLY_ACTIVE_SHARE, REQUESTS_PER_ACTIVE_DAY } from './mix.ts';

/**
 * The cost model (B13, docs/cost.md): the monthly bill of the default deployment at a million members, from what the
 * partition-heat simulation measured (capacity units, outbox events and request times per active member's day) and a
 * dated table of list prices. Goal: at most $0.005 per member-month, all in.
 */
export const PRICES_AS_OF = '2026-11-26 (us-east-1, list prices)';
export const PRICES = {
  dynamoWriteUnitPerMillion: 0.625,
  dynamoReadUnitPerMillion: 0.125,
  dynamoStorageGbMonth: 0.25,
  dynamoPitrGbMonth: 0.2,
  httpApiPerMillion: 1.0,
  lambdaArmGbSecond: 0.0000133334,
  lambdaRequestsPerMillion: 0.2,
  eventBridgeEventsPerMillion: 1.0,
  cloudFrontHttpsPerMillion: 1.0,
  cloudFrontGbOut: 0.085,
  /** Cognito per monthly active user beyond the first 10,000: Lite's tiers, Essentials, Plus. */
  cognitoLite: [{ upTo: 10_000, perMau: 0 }, { upTo: 100_000, perMau: 0.0055 }, { upTo: 1_000_000, perMau: 0.0046 }, { upTo: Infinity, perMau: 0.00325 }],
  cognitoEssentials: [{ upTo: 10_000, perMau: 0 }, { upTo: Infinity, perMau: 0.015 }],
  cognitoPlus: [{ upTo: 10_000, perMau: 0 }, { upTo: Infinity, perMau: 0.02 }],
  sesPerThousand: 0.1,
  cloudWatchLogsGbIngested: 0.5,
  cloudWatchMetricMonth: 0.3,
  cloudWatchAlarmMonth: 0.1,
  cloudWatchDashboardMonth: 3,
  wafAclMonth: 5,
  wafRuleMonth: 1,
  wafRequestsPerMillion: 0.6,
  s3StorageGbMonth: 0.023,
  /** API Gateway's WebSocket API (the live socket): messages of up to 32 KB each way, and connection minutes. */
  webSocketMessagesPerMillion: 1.0,
  webSocketConnectionMinutesPerMillion: 0.25,
} as const;

/** What the model assumes beyond what the bench measures (each named in docs/cost.md). */
export const ASSUMPTIONS = {
  /** Memory of the functions (infra/src/constructs/service-function.ts). */
  httpMemoryGb: 1,
  workerMemoryGb: 0.5,
  /** Bytes an API answer carries, and a page load's HTML (the app's assets are cached by the browser for a year). */
  apiAnswerKb: 6,
  pageLoadKb: 12,
  /** Log bytes per invocation (Powertools' JSON lines at INFO). */
  logKbPerInvocation: 1.2,
  /** What a member's data weighs in the tables (all services), and the pictures a member adds a month. */
  tableKbPerMember: 24,
  pictureMbPerActiveDay: 0.024,
  /** Custom metrics (business and outbox, by service), alarms and dashboards of one stage. */
  customMetrics: 20,
  alarms: 75,
  dashboards: 1,
  wafRules: 3,
  /**
   * Emails per active day: a digest at most hourly to members with notification emails on, codes, campaigns (a share
   * of members a day gets one).
   */
  emailsPerActiveDay: 0.3,
  /**
   * The live socket (docs/architecture.md, "Live delivery"): minutes a daily-active member keeps a tab open, and the
   * messages that costs, a ping and its pong every 5 minutes plus the pushes (messages, counts, event news).
   */
  liveMinutesPerActiveDay: 60,
  livePushesPerActiveDay: 20,
} as const;

export type Plan = 'lite' | 'essentials' | 'plus';
export interface BillLine { item: string; monthlyUsd: number; how: string }

const perMonth = (perActiveDay: number) => perActiveDay * DAILY_ACTIVE * 30;
/** How often a schedule runs in a 30-day month: `rate(N minutes|hours|days)`, a cron taken as daily. */
function runsPerMonth(expression: string): number {
  const m = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression);
  if (!m) return 30;
  const every = Number(m[1]);
  return (m[2] === 'minute' ? 43_200 : m[2] === 'hour' ? 720 : 30) / every;
}
const million = (n: number) => n / 1_000_000;

function cognito(plan: Plan): number {
  const mau = MEMBERS * MONTHLY_ACTIVE_SHARE;
  const tiers = plan === 'lite' ? PRICES.cognitoLite : plan === 'essentials' ? PRICES.cognitoEssentials : PRICES.cognitoPlus;
  let from = 0;
  let usd = 0;
  for (const t of tiers) {
    const inTier = Math.max(0, Math.min(mau, t.upTo) - from);
    usd += inTier * t.perMau;
    from = t.upTo;
  }
  return usd;
}

/** The month's bill, line by line, and the cost per member-month. */
export function monthlyBill(m: HeatMeasure, plan: Plan = 'lite'): { lines: BillLine[]; total: number; perMemberMonth: number } {
  const requests = perMonth(REQUESTS_PER_ACTIVE_DAY);
  const meanMs = Object.entries(m.actions).reduce((a, [k, v]) => a + v.meanMs * (DAILY_MIX[k as keyof typeof DAILY_MIX] ?? 0), 0) / REQUESTS_PER_ACTIVE_DAY;
  // The simulation's events, plus a LiveUpdate per push (each one event, one run of the live service's worker).
  const pushes = perMonth(ASSUMPTIONS.livePushesPerActiveDay);
  const measuredEvents = perMonth(m.events / m.memberDays);
  const events = measuredEvents + pushes;
  const consumersPerEvent = subscriptions.length / new Set(subscriptions.map((s) => s.event)).size;
  const workerRuns = measuredEvents * consumersPerEvent + pushes + schedules.reduce((a, x) => a + runsPerMonth(x.expression), 0);
  const pageLoads = perMonth(DAILY_MIX.session);
  const gbOut = (requests * ASSUMPTIONS.apiAnswerKb + pageLoads * ASSUMPTIONS.pageLoadKb) / 1024 / 1024;
  const invocations = requests + workerRuns;
  const storageGb = (MEMBERS * ASSUMPTIONS.tableKbPerMember) / 1024 / 1024;
  const liveMessages = (ASSUMPTIONS.liveMinutesPerActiveDay / 5) * 2 + ASSUMPTIONS.livePushesPerActiveDay;
  const lines: BillLine[] = [
    { item: 'DynamoDB writes', monthlyUsd: million(perMonth(m.writeUnits / m.memberDays)) * PRICES.dynamoWriteUnitPerMillion, how: `${(m.writeUnits / m.memberDays).toFixed(1)} write units per active member-day (measured)` },
    { item: 'DynamoDB reads', monthlyUsd: million(perMonth(m.readUnits / m.memberDays)) * PRICES.dynamoReadUnitPerMillion, how: `${(m.readUnits / m.memberDays).toFixed(1)} read units per active member-day (measured)` },
    { item: 'DynamoDB storage and PITR', monthlyUsd: storageGb * (PRICES.dynamoStorageGbMonth + PRICES.dynamoPitrGbMonth), how: `${storageGb.toFixed(0)} GB (${ASSUMPTIONS.tableKbPerMember} KB a member)` },
    { item: 'HTTP API', monthlyUsd: million(requests) * PRICES.httpApiPerMillion, how: `${million(requests).toFixed(0)} M requests (${REQUESTS_PER_ACTIVE_DAY.toFixed(1)} per active day)` },
    { item: 'Lambda (HTTP)', monthlyUsd: requests * (meanMs / 1000) * ASSUMPTIONS.httpMemoryGb * PRICES.lambdaArmGbSecond, how: `${meanMs.toFixed(0)} ms mean (measured) at ${ASSUMPTIONS.httpMemoryGb} GB, arm64` },
    { item: 'Lambda (workers)', monthlyUsd: workerRuns * (meanMs / 1000) * ASSUMPTIONS.workerMemoryGb * PRICES.lambdaArmGbSecond, how: `${million(workerRuns).toFixed(1)} M runs (${consumersPerEvent.toFixed(1)} consumers an event, schedules every minute)` },
    { item: 'Lambda requests', monthlyUsd: million(invocations) * PRICES.lambdaRequestsPerMillion, how: `${million(invocations).toFixed(0)} M invocations` },
    { item: 'EventBridge', monthlyUsd: million(events) * PRICES.eventBridgeEventsPerMillion, how: `${(m.events / m.memberDays).toFixed(2)} events per active member-day (measured), ${ASSUMPTIONS.livePushesPerActiveDay} live pushes` },
    { item: 'CloudFront', monthlyUsd: million(requests + pageLoads) * PRICES.cloudFrontHttpsPerMillion + gbOut * PRICES.cloudFrontGbOut, how: `${million(requests + pageLoads).toFixed(0)} M HTTPS requests, ${gbOut.toFixed(0)} GB out` },
    { item: `Cognito (${plan})`, monthlyUsd: cognito(plan), how: `${(MEMBERS * MONTHLY_ACTIVE_SHARE).toLocaleString('en-US')} monthly active users` },
    { item: 'SES', monthlyUsd: (perMonth(ASSUMPTIONS.emailsPerActiveDay) / 1000) * PRICES.sesPerThousand, how: `${ASSUMPTIONS.emailsPerActiveDay} emails per active day (digests, codes, campaigns)` },
    { item: 'WebSocket API (live)', monthlyUsd: million(perMonth(liveMessages)) * PRICES.webSocketMessagesPerMillion + million(perMonth(ASSUMPTIONS.liveMinutesPerActiveDay)) * PRICES.webSocketConnectionMinutesPerMillion, how: `${ASSUMPTIONS.liveMinutesPerActiveDay} connection minutes and ${liveMessages.toFixed(0)} messages per active day` },
    { item: 'CloudWatch', monthlyUsd: (invocations * ASSUMPTIONS.logKbPerInvocation / 1024 / 1024) * PRICES.cloudWatchLogsGbIngested + ASSUMPTIONS.customMetrics * PRICES.cloudWatchMetricMonth + ASSUMPTIONS.alarms * PRICES.cloudWatchAlarmMonth + ASSUMPTIONS.dashboards * PRICES.cloudWatchDashboardMonth, how: `logs ${ASSUMPTIONS.logKbPerInvocation} KB an invocation, ${ASSUMPTIONS.customMetrics} metrics, ${ASSUMPTIONS.alarms} alarms, a dashboard` },
    { item: 'AWS WAF', monthlyUsd: PRICES.wafAclMonth + ASSUMPTIONS.wafRules * PRICES.wafRuleMonth + million(requests + pageLoads) * PRICES.wafRequestsPerMillion, how: 'a web ACL, 3 rules, every request' },
    { item: 'S3 (pictures)', monthlyUsd: (perMonth(ASSUMPTIONS.pictureMbPerActiveDay) / 1024) * PRICES.s3StorageGbMonth, how: `${ASSUMPTIONS.pictureMbPerActiveDay} MB of pictures per active day, one month's growth` },
  ];
  const total = lines.reduce((a, l) => a + l.monthlyUsd, 0);
  return { lines, total, perMemberMonth: total / MEMBERS };
}
