import { CfnTable, AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { SERVICES, TABLES, type ServiceName } from '@torcedor/shared/services';
import type { Stage } from '../stage.ts';

/** Stable logical id of a service's table (asserted in tests: renaming it would replace the data). */
export const tableLogicalId = (service: ServiceName) => `${service[0]!.toUpperCase()}${service.slice(1)}Table`;

/**
 * One single-table store per service, from the shared key definitions (the local stack creates the
 * same tables from the same definitions): on-demand, point-in-time recovery, TTL, generated names; retained with
 * deletion protection in prod, removable in dev.
 */
export class ServiceTables extends Construct {
  readonly tables = {} as Record<ServiceName, Table>;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    for (const service of SERVICES) {
      const def = TABLES[service];
      const table = new Table(this, service, {
        partitionKey: { name: def.partitionKey, type: AttributeType.STRING },
        sortKey: { name: def.sortKey, type: AttributeType.STRING },
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        timeToLiveAttribute: def.ttlAttribute,
        encryption: TableEncryption.AWS_MANAGED,
        removalPolicy: props.stage.removalPolicy,
        deletionProtection: props.stage.keepsData,
        // The spend guard: on-demand tables throttle past these (docs/cost.md, "Spend guards").
        ...(props.stage.tableMaxReadUnits ? { maxReadRequestUnits: props.stage.tableMaxReadUnits } : {}),
        ...(props.stage.tableMaxWriteUnits ? { maxWriteRequestUnits: props.stage.tableMaxWriteUnits } : {}),
      });
      for (const g of def.gsis) {
        table.addGlobalSecondaryIndex({
          indexName: g.name,
          partitionKey: { name: g.partitionKey, type: AttributeType.STRING },
          sortKey: { name: g.sortKey, type: AttributeType.STRING },
        });
      }
      (table.node.defaultChild as CfnTable).overrideLogicalId(tableLogicalId(service));
      this.tables[service] = table;
    }
  }
}
