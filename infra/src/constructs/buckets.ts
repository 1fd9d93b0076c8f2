import { Aws, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, CfnBucket, HttpMethods, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { INCOMING_PREFIX, INCOMING_TTL_DAYS, UPLOADS_PREFIX } from '@torcedor/shared/constants';
import type { Stage } from '../stage.ts';
import { acknowledge } from './nag.ts';

/** A bucket for server access logs of the other buckets and the CDN. */
export function logBucket(scope: Construct, id: string): Bucket {
  const b = new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ expiration: Duration.days(90) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  acknowledge(b, 'S1', 'This is the access-log bucket itself; logging it into itself would loop.');
  return b;
}

/**
 * Member uploads (docs/architecture.md, "Uploads"): private, encrypted, SSL only, versioned. The browser POSTs a new
 * picture under `incoming/<memberId>/` with a presigned POST; registering it copies it under `uploads/<memberId>/`,
 * which only the services write and the site's CDN alone reads (`/uploads/*`, Origin Access Control). What is never
 * registered expires from `incoming/` after INCOMING_TTL_DAYS, every version of it.
 */
export class UploadsBucket extends Construct {
  readonly bucket: Bucket;
  constructor(scope: Construct, id: string, props: { stage: Stage; logs: Bucket; allowedOrigins: string[] }) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: uploadsBucketName(props.stage),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: props.logs,
      serverAccessLogsPrefix: 'uploads/',
      cors: [{ allowedMethods: [HttpMethods.POST, HttpMethods.GET], allowedOrigins: props.allowedOrigins, allowedHeaders: ['*'], maxAge: 3600 }],
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30) },
        {
          id: 'ExpireUnregisteredUploads',
          prefix: `${INCOMING_PREFIX}/`,
          expiration: Duration.days(INCOMING_TTL_DAYS),
          noncurrentVersionExpiration: Duration.days(INCOMING_TTL_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(INCOMING_TTL_DAYS),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    (this.bucket.node.defaultChild as CfnBucket).overrideLogicalId('UploadsBucket');
    // CloudFront (Origin Access Control) reads uploads/* for distributions of this account. The distribution lives
    // in the stateless stack: naming its id here would make this stack depend on that one (a cycle), so the
    // condition is the account's distributions, as CDK itself does for OAC key policies.
    this.bucket.addToResourcePolicy(new PolicyStatement({
      sid: 'CdnReadsUploads',
      principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
      actions: ['s3:GetObject'],
      resources: [this.bucket.arnForObjects(`${UPLOADS_PREFIX}/*`)],
      conditions: {
        StringEquals: { 'AWS:SourceAccount': Aws.ACCOUNT_ID },
        ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
      },
    }));
  }
}

/**
 * The uploads bucket's name, `torcedor-<stage>-uploads-<account>-<region>`: named by the stage, unique, and known to
 * every stack without a cross-stack reference (each names it with its own pseudo parameters).
 */
export const uploadsBucketName = (stage: Stage) => `${stage.resourceName('uploads')}-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

/**
 * A function's access to the uploads: read, write and delete of objects under `incoming/` and `uploads/` (presigned
 * POSTs are signed with its role; it verifies, copies to `uploads/` and deletes every version of uploads), nothing
 * outside those prefixes.
 */
export function grantUploads(fn: IFunction, stage: Stage) {
  const stack = Stack.of(fn);
  const uploads = (stack.node.tryFindChild('UploadsBucketRef') as IBucket | undefined)
    ?? Bucket.fromBucketName(stack, 'UploadsBucketRef', uploadsBucketName(stage));
  const prefixes = [`${INCOMING_PREFIX}/*`, `${UPLOADS_PREFIX}/*`];
  for (const objects of prefixes) {
    uploads.grantReadWrite(fn, objects);
    uploads.grantDelete(fn, objects);
  }
  // cdk-nag names the resource as the template writes it: the bucket's name with the stack's pseudo parameters, and the
  // partition as a literal where the stack's region is known.
  const partition = stack.resolve(stack.partition);
  const arn = `arn:${typeof partition === 'string' ? partition : '<AWS::Partition>'}:s3:::${stage.resourceName('uploads')}-<AWS::AccountId>-<AWS::Region>`;
  const why = "grantReadWrite/grantDelete of the uploads bucket, scoped to its incoming/ and uploads/ prefixes: members' objects have random names under incoming/<memberId>/ and uploads/<memberId>/, so the resources are those prefixes; the wildcard actions are CDK's read/write/delete action groups.";
  for (const finding of [
    'IAM5[Action::s3:GetObject*]', 'IAM5[Action::s3:GetBucket*]', 'IAM5[Action::s3:List*]', 'IAM5[Action::s3:DeleteObject*]', 'IAM5[Action::s3:Abort*]',
    ...prefixes.map((objects) => `IAM5[Resource::${arn}/${objects}]`),
  ]) acknowledge(fn, finding, why);
}
