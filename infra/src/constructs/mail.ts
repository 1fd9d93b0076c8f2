import { Duration, Annotations } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import {
  ConfigurationSet, EmailIdentity, EmailSendingEvent, EventDestination, Identity, SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { Stage } from '../stage.ts';
import { alarm } from './alarms.ts';

/**
 * The club's email on Amazon SES v2 (infra/README.md, "Email"): the sending domain (`-c mailFrom`'s domain) as an SES
 * identity with Easy DKIM, and one configuration set that every message is sent with. SES itself keeps the account's
 * suppression list for the set (bounces and complaints: it never sends there again), publishes reputation metrics,
 * and sends every send, delivery, bounce, complaint and reject to the account's default event bus, where the services
 * that need them subscribe. Alarms: the bounce rate and the complaint rate, below the levels at which AWS reviews an
 * account (5% and 0.1%).
 */
export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly domain: string;
  /** The bare sending address (`club@torcedor.example`): the only From the functions may use. */
  readonly address: string;

  constructor(scope: Construct, id: string, p: { stage: Stage }) {
    super(scope, id);
    const { stage } = p;
    this.address = stage.mailFrom.replace(/^.*<|>.*$/g, '').trim();
    this.domain = this.address.split('@')[1]!;
    if (stage.mailFromDefaulted) {
      Annotations.of(this).addWarningV2('torcedor:mail-from', `No -c mailFrom: emails would come from ${stage.mailFrom}; give an address on a domain you own (infra/README.md, "Email").`);
    }
    this.configurationSet = new ConfigurationSet(this, 'Sending', {
      configurationSetName: stage.resourceName('mail'),
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    this.configurationSet.addEventDestination('ToDefaultBus', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.SEND, EmailSendingEvent.DELIVERY, EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.REJECT],
    });
    this.identity = new EmailIdentity(this, 'Domain', { identity: Identity.domain(this.domain), configurationSet: this.configurationSet });

    const rate = (name: string) => new Metric({ namespace: 'AWS/SES', metricName: name, statistic: 'Maximum', period: Duration.hours(1) });
    alarm(this, 'BounceRateAlarm', {
      stage, name: 'mail-bounce-rate', threshold: 0.04, metric: rate('Reputation.BounceRate'),
      description: 'SES bounce rate above 4% (AWS reviews the account at 5%): check what was sent to whom (infra/README.md, "Email").',
    });
    alarm(this, 'ComplaintRateAlarm', {
      stage, name: 'mail-complaint-rate', threshold: 0.0008, metric: rate('Reputation.ComplaintRate'),
      description: 'SES complaint rate above 0.08% (AWS reviews the account at 0.1%): members mark our email as spam.',
    });
  }

  /** Lets a function send from the club's domain with the configuration set, and nothing else of SES. */
  grantSend(fn: IGrantable): void {
    const { account, region, partition } = this.configurationSet.stack;
    fn.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['ses:SendEmail'],
      resources: [
        `arn:${partition}:ses:${region}:${account}:identity/${this.domain}`,
        `arn:${partition}:ses:${region}:${account}:configuration-set/${this.configurationSet.configurationSetName}`,
      ],
      conditions: { StringEquals: { 'ses:FromAddress': this.address } },
    }));
  }
}
