import { Aws, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, CfnBucket, HttpMethods, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { UPLOADS_PREFIX } from '@torcedor/shared/constants';
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
 * Member uploads (profile pictures, post images) under `uploads/<memberId>/`: private, encrypted, SSL only, PUT
 * from the app by presigned URL, read by the site's CDN alone (`/uploads/*`, Origin Access Control).
 */
export class UploadsBucket extends Construct {
  readonly bucket: Bucket;
  constructor(scope: Construct, id: string, props: { logs: Bucket; allowedOrigins: string[] }) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: props.logs,
      serverAccessLogsPrefix: 'uploads/',
      cors: [{ allowedMethods: [HttpMethods.PUT, HttpMethods.GET], allowedOrigins: props.allowedOrigins, allowedHeaders: ['*'], maxAge: 3600 }],
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
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
 * A function's access to the uploads: read, write and delete of objects under `uploads/` (presigned PUTs are
 * signed with its role, and it verifies and deletes refused objects), nothing outside that prefix.
 */
export function grantUploads(fn: IFunction, uploads: IBucket) {
  const objects = `${UPLOADS_PREFIX}/*`;
  uploads.grantReadWrite(fn, objects);
  uploads.grantDelete(fn, objects);
  // cdk-nag names a resource by how the function's stack sees the bucket ARN: the stateful stack's export.
  const bucketStack = Stack.of(uploads);
  const arn = bucketStack === Stack.of(fn)
    ? `<${bucketStack.getLogicalId(uploads.node.defaultChild as CfnBucket)}.Arn>`
    : (Stack.of(fn).resolve(bucketStack.exportValue(uploads.bucketArn)) as { 'Fn::ImportValue': string })['Fn::ImportValue'];
  const why = "grantReadWrite/grantDelete of the uploads bucket, scoped to its uploads/ prefix: members' objects have random names under uploads/<memberId>/, so the resource is that prefix; the wildcard actions are CDK's read/write/delete action groups.";
  for (const finding of [
    'IAM5[Action::s3:GetObject*]', 'IAM5[Action::s3:GetBucket*]', 'IAM5[Action::s3:List*]', 'IAM5[Action::s3:DeleteObject*]', 'IAM5[Action::s3:Abort*]',
    `IAM5[Resource::${arn}/${objects}]`,
  ]) acknowledge(fn, finding, why);
}
