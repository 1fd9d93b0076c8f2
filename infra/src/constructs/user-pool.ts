import { Duration } from 'aws-cdk-lib';
import { AccountRecovery, CfnUserPool, CfnUserPoolGroup, FeaturePlan, UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { Stage } from '../stage.ts';
import { acknowledge } from './nag.ts';
import { PASSWORD_MIN_LENGTH } from '@torcedor/shared/schemas/identity';

const FEATURE_PLANS = { lite: FeaturePlan.LITE, essentials: FeaturePlan.ESSENTIALS, plus: FeaturePlan.PLUS } as const;

/**
 * The member pool. Members sign in with their normalized email as the user name and trial members
 * with `trial_<uuid>` (so the pool has no email alias). Self sign-up is off: the pool's public SignUp
 * API would let anyone create pool users around the service's rules (age, trial, owners), so only the
 * identity service creates users, with admin calls (IDENTITY_ADMIN_ACTIONS in the stateless stack).
 * The `owners` group is the owner role.
 */
export class MemberPool extends Construct {
  readonly pool: UserPool;
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    this.pool = new UserPool(this, 'Pool', {
      userPoolName: props.stage.resourceName('members'),
      selfSignUpEnabled: false,
      signInAliases: { username: true },
      signInCaseSensitive: false,
      passwordPolicy: { minLength: PASSWORD_MIN_LENGTH, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: false },
      accountRecovery: AccountRecovery.NONE,
      featurePlan: FEATURE_PLANS[props.stage.userPoolPlan],
      removalPolicy: props.stage.removalPolicy,
      deletionProtection: props.stage.keepsData,
    });
    (this.pool.node.defaultChild as CfnUserPool).overrideLogicalId('MemberUserPool');
    // Threat protection exists on the Plus plan only; the product's own limits (sign-in throttle per account and address,
    // sign-ups per address) hold on every plan (docs/cost.md, "The user pool's plan").
    if (props.stage.userPoolPlan === 'plus') (this.pool.node.defaultChild as CfnUserPool).userPoolAddOns = { advancedSecurityMode: 'ENFORCED' };
    else {
      const why = `The ${props.stage.userPoolPlan} plan (-c userPoolPlan, the operator's choice) has no threat protection: sign-in is throttled per account and per real address by identity, sign-ups per address, and the public password flow is off; Plus would be about 90% of the bill at a million members (docs/cost.md).`;
      for (const rule of ['COG3', 'COG8']) acknowledge(this.pool, rule, why);
    }
    new CfnUserPoolGroup(this, 'Owners', { userPoolId: this.pool.userPoolId, groupName: 'owners', description: 'Owners see the marketing dashboard' });
    this.client = this.pool.addClient('Web', {
      // Only identity signs members in, with the admin flow (its ContextData carries the viewer's address to threat
      // protection): the public USER_PASSWORD_AUTH flow would let anyone try passwords around the sign-in throttle.
      authFlows: { adminUserPassword: true },
      generateSecret: false,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
    acknowledge(this.pool, 'COG1', 'The policy asks for 8+ characters with upper case, lower case and a digit (the product names each failed rule at sign-up); symbols are not required, and threat protection plus sign-in throttling guard against guessing.');
    acknowledge(this.pool, 'COG2', 'MFA is not part of the product (email/password sign-in and a no-email 7-day trial); sign-in is throttled by identity per account and address (and, on the Plus plan, threat protection is enforced).');
  }
}
