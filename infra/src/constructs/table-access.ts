import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { TABLES, type ServiceName } from '@torcedor/shared/services';

const DATA_ACTIONS = [
  'dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem',
  'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable',
];

/**
 * A function's access to its service's table: the data actions the code uses, on the table and on
 * each of its named indexes (no `index/*` wildcard, no Scan, no table management). `restoredName`: a point-in-time
 * copy that replaced the table (infra/README.md, "Restoring a table"), granted instead.
 */
export function grantOwnTable(fn: IFunction, service: ServiceName, table: Table, restoredName?: string) {
  const arn = restoredName ? Stack.of(fn).formatArn({ service: 'dynamodb', resource: 'table', resourceName: restoredName }) : table.tableArn;
  fn.addToRolePolicy(new PolicyStatement({
    actions: DATA_ACTIONS,
    resources: [arn, ...TABLES[service].gsis.map((g) => `${arn}/index/${g.name}`)],
  }));
}
