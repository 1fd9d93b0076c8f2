import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { Stage } from '../stage.ts';

/** Requests one address may send in 5 minutes before the edge blocks it (the product's own limits sit far below). */
export const EDGE_RATE_LIMIT_PER_5_MINUTES = 2000;

/**
 * The distribution's web ACL (AWS WAF, scope CLOUDFRONT, so it lives in us-east-1; app.ts puts it there): AWS's common
 * rule set and known bad inputs, and a rate-based rule per address. The common set's 8 KB body rule only counts, since
 * the API takes bodies up to 64 KB (a humidor CSV import). Cost: infra/README.md, "Edge protection".
 */
export class EdgeFirewall extends Construct {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    const visibility = (name: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name });
    const managed = (name: string, priority: number, overrides: CfnWebACL.RuleActionOverrideProperty[] = []): CfnWebACL.RuleProperty => ({
      name, priority, overrideAction: { none: {} }, visibilityConfig: visibility(name),
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...(overrides.length ? { ruleActionOverrides: overrides } : {}) } },
    });
    const acl = new CfnWebACL(this, 'WebAcl', {
      name: props.stage.resourceName('edge'),
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.stage.resourceName('edge')),
      rules: [
        managed('AWSManagedRulesCommonRuleSet', 0, [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 1),
        {
          name: 'RatePerAddress', priority: 2, action: { block: {} }, visibilityConfig: visibility('RatePerAddress'),
          statement: { rateBasedStatement: { limit: EDGE_RATE_LIMIT_PER_5_MINUTES, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
        },
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
