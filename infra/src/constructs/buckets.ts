import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, CfnBucket, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
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

/** Member uploads (profile pictures): private, encrypted, SSL only, PUT from the app by presigned URL. */
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
  }
}
