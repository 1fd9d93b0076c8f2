import { RemovalPolicy } from 'aws-cdk-lib';

/**
 * A deployment's stage (`-c stage=dev|prod`, default dev): it names every stack, table, pool, bucket, secret,
 * parameter and alarm, so a dev and a prod deployment live side by side in one account (infra/README.md, "Stages").
 * Prod keeps its data through anything (deletion protection, retained, termination protection on the stateful stack);
 * dev may be torn down with `cdk destroy`.
 */
export const STAGES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGES)[number];

export interface Stage {
  name: StageName;
  /** Whether the stage's data outlives its stacks. */
  keepsData: boolean;
  /** `TorcedorDev`, `TorcedorProd`: the prefix of the stack names. */
  stackPrefix: string;
  /** `torcedor-dev-<part>`: names of resources that take one (functions, alarms, the pool, the topic). */
  resourceName: (part: string) => string;
  /** `torcedor/dev/<part>`: Secrets Manager names. */
  secretName: (part: string) => string;
  /** `/torcedor/dev/<part>`: SSM parameter names. */
  parameterName: (part: string) => string;
  /** RETAIN in prod, DESTROY in dev. */
  removalPolicy: RemovalPolicy;
  /** Where alarms and the budget write (`-c alarmEmail=...`); none is a synth warning. */
  alarmEmail?: string;
  /** The monthly spend the budget alarm watches (`-c monthlyBudgetUsd=...`). */
  monthlyBudgetUsd: number;
  /**
   * The user pool's feature plan (`-c userPoolPlan=lite|essentials|plus`): lite unless told, the cheapest plan that keeps
   * every product feature (docs/cost.md, "The user pool's plan"); plus adds Cognito's threat protection.
   */
  userPoolPlan: UserPoolPlan;
  /** On-demand maximum throughput per table (`-c tableMaxReadUnits`, `-c tableMaxWriteUnits`): a spend guard. */
  tableMaxReadUnits?: number;
  tableMaxWriteUnits?: number;
  /** Who the club's emails come from (`-c mailFrom='Torcedor <club@your-domain>'`); its domain is the SES identity. */
  mailFrom: string;
  /** True when no mailFrom was given (a synth warning: the default domain is not ours). */
  mailFromDefaulted: boolean;
  /** The account's SES sending rate (`-c mailSendPerSecond`, after a raise): how fast campaigns go out; SES's default unless told. */
  mailSendPerSecond?: number;
}

/** The sender when the operator names none: a placeholder domain, never deliverable (infra/README.md, "Email"). */
export const DEFAULT_MAIL_FROM = 'Torcedor <club@torcedor.example>';

export const USER_POOL_PLANS = ['lite', 'essentials', 'plus'] as const;
export type UserPoolPlan = (typeof USER_POOL_PLANS)[number];

/** The budget when the operator names none: a small club's month with room to spare (infra/README.md, "Spend"). */
export const DEFAULT_MONTHLY_BUDGET_USD = 100;

/** The stage from the app's context; an unknown name or a bad budget fails the synth. */
export function stageFrom(ctx: (key: string) => string | undefined): Stage {
  const name = (ctx('stage') ?? 'dev') as StageName;
  if (!STAGES.includes(name)) throw new Error(`Context stage=${name}: use one of ${STAGES.join(', ')}`);
  const budget = Number(ctx('monthlyBudgetUsd') ?? DEFAULT_MONTHLY_BUDGET_USD);
  if (!Number.isFinite(budget) || budget <= 0) throw new Error(`Context monthlyBudgetUsd=${ctx('monthlyBudgetUsd')}: a positive number of US dollars`);
  const plan = (ctx('userPoolPlan') ?? 'lite') as UserPoolPlan;
  if (!USER_POOL_PLANS.includes(plan)) throw new Error(`Context userPoolPlan=${plan}: use one of ${USER_POOL_PLANS.join(', ')}`);
  const units = (key: string) => {
    const raw = ctx(key);
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`Context ${key}=${raw}: a whole number of request units per second`);
    return n;
  };
  const [tableMaxReadUnits, tableMaxWriteUnits, mailSendPerSecond] = [units('tableMaxReadUnits'), units('tableMaxWriteUnits'), units('mailSendPerSecond')];
  const email = ctx('alarmEmail');
  if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error(`Context alarmEmail=${email}: not an email address`);
  const mailFrom = ctx('mailFrom');
  if (mailFrom !== undefined && !/^([^<>]*<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/.test(mailFrom.trim())) throw new Error(`Context mailFrom=${mailFrom}: an address, optionally with a name: 'Torcedor <club@example.com>'`);
  const keepsData = name === 'prod';
  const title = `${name[0]!.toUpperCase()}${name.slice(1)}`;
  return {
    name, keepsData, stackPrefix: `Torcedor${title}`,
    resourceName: (part) => `torcedor-${name}-${part}`,
    secretName: (part) => `torcedor/${name}/${part}`,
    parameterName: (part) => `/torcedor/${name}/${part}`,
    removalPolicy: keepsData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    ...(email ? { alarmEmail: email } : {}),
    monthlyBudgetUsd: budget,
    userPoolPlan: plan,
    ...(tableMaxReadUnits ? { tableMaxReadUnits } : {}),
    ...(tableMaxWriteUnits ? { tableMaxWriteUnits } : {}),
    mailFrom: mailFrom?.trim() ?? DEFAULT_MAIL_FROM,
    mailFromDefaulted: mailFrom === undefined,
    ...(mailSendPerSecond ? { mailSendPerSecond } : {}),
  };
}
