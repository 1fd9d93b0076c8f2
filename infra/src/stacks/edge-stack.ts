import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { EdgeFirewall } from '../constructs/edge-firewall.ts';
import { WebDistribution } from '../constructs/web-distribution.ts';
import type { ApiStack } from './api-stack.ts';
import type { StatefulStack } from './stateful-stack.ts';
import type { Stage } from '../stage.ts';

export interface EdgeProps extends StackProps {
  stateful: StatefulStack;
  api: ApiStack;
  /** The web ACL made in us-east-1 when this stack lives elsewhere (app.ts); else it is made here. */
  webAclArn?: string;
  originSecretGeneration?: string;
}

/** The site's edge: the SPA bucket, the CloudFront distribution in front of the API and the uploads, and its web ACL. */
export class EdgeStack extends Stack {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: EdgeProps) {
    super(scope, id, props);
    const s = props.stateful;
    const webAclArn = props.webAclArn ?? new EdgeFirewall(this, 'Firewall', { stage: s.stage }).webAclArn;
    this.distribution = new WebDistribution(this, 'Web', {
      apiHost: props.api.originHost, logs: s.logs, uploads: s.uploads, streams: props.api.streams, originSecret: s.originSecret,
      live: { host: props.api.live.originHost, path: props.api.live.originPath },
      originSecretGeneration: props.originSecretGeneration, webAclArn,
    }).distribution;
  }
}

/** The web ACL alone, in us-east-1, for an app whose other stacks live in another region (CloudFront's ACLs live there). */
export class FirewallStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps & { stage: Stage }) {
    super(scope, id, props);
    this.webAclArn = new EdgeFirewall(this, 'Firewall', { stage: props.stage }).webAclArn;
  }
}
