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
 * each of its named indexes (no `index/*` wildcard, no Scan, no table management).
 */
export function grantOwnTable(fn: IFunction, service: ServiceName, table: Table) {
  fn.addToRolePolicy(new PolicyStatement({
    actions: DATA_ACTIONS,
    resources: [table.tableArn, ...TABLES[service].gsis.map((g) => `${table.tableArn}/index/${g.name}`)],
  }));
}
