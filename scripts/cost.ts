/**
 * `npm run cost`: writes docs/cost.md from what the last `npm run bench` measured (bench/heat.json, B12's simulation)
 * and the cost model's dated prices (bench/cost-model.ts), and prints the B13 row.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ASSUMPTIONS, monthlyBill, PRICES, PRICES_AS_OF, type Plan } from '../bench/cost-model.ts';
import type { HeatMeasure } from '../bench/heat.ts';
import { DAILY_ACTIVE, DAILY_MIX, MEMBERS, MONTHLY_ACTIVE_SHARE, PEAK_FACTOR, REQUESTS_PER_ACTIVE_DAY } from '../bench/mix.ts';

const ROOT = resolve(import.meta.dirname, '..');
const measuredFile = join(ROOT, 'bench', 'heat.json');
if (!existsSync(measuredFile)) {
  console.error('No bench/heat.json: run `npm run bench -- --only=B12,B13` first (it measures what the model prices).');
  process.exit(1);
}
const { at, measure } = JSON.parse(readFileSync(measuredFile, 'utf8')) as { at: string; measure: HeatMeasure };
const usd = (n: number) => (n >= 100 ? `$${n.toFixed(0)}` : `$${n.toFixed(2)}`);
const bills = Object.fromEntries((['lite', 'essentials', 'plus'] as Plan[]).map((p) => [p, monthlyBill(measure, p)])) as Record<Plan, ReturnType<typeof monthlyBill>>;
const lite = bills.lite;

const doc = `# Cost

What Torcedor costs to run at a million members, computed by \`npm run cost\` from what \`npm run bench\` measured on
${at.slice(0, 10)} (B12's simulation: every DynamoDB request's capacity units, the outbox events, the request times) and
list prices as of ${PRICES_AS_OF}. Regenerate it after a bench run; edit \`bench/cost-model.ts\` (prices, assumptions)
and \`bench/mix.ts\` (the mix), never this file.

**${usd(lite.total)} a month, $${lite.perMemberMonth.toFixed(4)} per member-month** on the default deployment (user pool
plan \`lite\`). Goal: at most $0.005 (bench B13).

## The mix

${MEMBERS.toLocaleString('en-US')} members, ${MONTHLY_ACTIVE_SHARE * 100}% active in a month, ${(DAILY_ACTIVE / MEMBERS) * 100}% on a day
(${DAILY_ACTIVE.toLocaleString('en-US')}); the busiest second carries ${PEAK_FACTOR} times a day's average rate. A daily-active
member's day, ${REQUESTS_PER_ACTIVE_DAY.toFixed(2)} API requests:

| Action | A day | Measured mean (ms) |
|---|---|---|
${Object.entries(DAILY_MIX).map(([k, v]) => `| ${k} | ${v} | ${measure.actions[k]?.meanMs.toFixed(1) ?? '-'} |`).join('\n')}

Measured per active member-day: ${(measure.writeUnits / measure.memberDays).toFixed(1)} write units,
${(measure.readUnits / measure.memberDays).toFixed(1)} read units, ${(measure.events / measure.memberDays).toFixed(2)} domain events
(over ${measure.memberDays} simulated member-days).

## The month's bill

| Line | Monthly | How |
|---|---|---|
${lite.lines.map((l) => `| ${l.item} | ${usd(l.monthlyUsd)} | ${l.how} |`).join('\n')}
| **Total** | **${usd(lite.total)}** | **$${lite.perMemberMonth.toFixed(4)} per member-month** |

Assumptions the bench does not measure: ${Object.entries(ASSUMPTIONS).map(([k, v]) => `${k} ${v}`).join(', ')}.

## The user pool's plan

\`-c userPoolPlan=lite|essentials|plus\` (infra/README.md). Lite keeps every product feature (admin sign-in with the
member's address, groups, token revocation). Plus adds Cognito's threat protection (risk scoring of each sign-in,
compromised-credential checks, adaptive blocking), which the product already covers in part with its own limits: sign-in
throttled per account and address and per address, sign-ups per address, the public password flow off, all counted
on the member's real address.

| Plan | Cognito a month | Total a month | Per member-month |
|---|---|---|---|
${(['lite', 'essentials', 'plus'] as Plan[]).map((p) => `| ${p} | ${usd(bills[p].lines.find((l) => l.item.startsWith('Cognito'))!.monthlyUsd)} | ${usd(bills[p].total)} | $${bills[p].perMemberMonth.toFixed(4)} |`).join('\n')}

## Hot partitions

The hottest partitions at a million members, per second at peak (B12; a third of DynamoDB's per-partition limits is
the goal: 300 write units, 1,000 read units):

| Writes | Units/s | Reads | Units/s |
|---|---|---|---|
${measure.hottestWrites.map((w, i) => `| ${w.partition} | ${w.units.toFixed(1)} | ${measure.hottestReads[i]?.partition ?? ''} | ${measure.hottestReads[i]?.units.toFixed(1) ?? ''} |`).join('\n')}

A viral post at 1,000 likes a second puts ${measure.viralLikeWrites.units.toFixed(0)} write units a second on its hottest
partition (${measure.viralLikeWrites.partition}).

## Spend guards

- \`-c tableMaxReadUnits\` / \`-c tableMaxWriteUnits\`: an on-demand maximum throughput on every table; past it
  DynamoDB throttles (the members get 503 with Retry-After, the throttle alarm fires) instead of billing.
- \`-c monthlyBudgetUsd\`: the budget alarm at 80% spent and 100% forecast (infra/README.md, "Spend").
- AWS WAF's rate rule and the API's stage throttling (1,000 requests a second, bursts of 500) bound what one address,
  and everyone together, can spend.

Prices used: ${Object.entries(PRICES).map(([k, v]) => `${k} ${typeof v === 'number' ? v : JSON.stringify(v)}`).join('; ')}.
`;
writeFileSync(join(ROOT, 'docs', 'cost.md'), doc);
console.log(`| B13 | cost per member-month at 1M members (userPoolPlan lite) | $${lite.perMemberMonth.toFixed(4)} | $0.005 | ${(lite.perMemberMonth / 0.005).toFixed(2)}x | <= $0.005 | ${lite.perMemberMonth <= 0.005 ? 'ok' : 'MISS'} |`);
console.log(`docs/cost.md written: ${usd(lite.total)} a month`);
