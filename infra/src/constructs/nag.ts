import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Acknowledges an AwsSolutions rule, or one finding of it (`IAM5[Resource::*]`), on a scope, with its reason. */
export function acknowledge(scope: IConstruct, rule: string, reason: string) {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}

export const LAMBDA_BASIC_ROLE = 'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';

/** How cdk-nag names a stack attribute in a finding: its value where the stack knows it (an app given a region), else the placeholder. */
export const literalOr = (stack: Stack, value: string, placeholder: string) => {
  const resolved = stack.resolve(value);
  return typeof resolved === 'string' ? resolved : placeholder;
};
