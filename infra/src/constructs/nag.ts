import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Acknowledges an AwsSolutions rule, or one finding of it (`IAM5[Resource::*]`), on a scope, with its reason. */
export function acknowledge(scope: IConstruct, rule: string, reason: string) {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}

export const LAMBDA_BASIC_ROLE = 'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';
