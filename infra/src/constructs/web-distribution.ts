import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccessLevel, AllowedMethods, CachedMethods, CachePolicy, Distribution, Function as CfFunction, FunctionCode, FunctionEventType, HeadersFrameOption,
  HeadersReferrerPolicy, OriginRequestCookieBehavior, OriginRequestHeaderBehavior, OriginRequestPolicy, OriginRequestQueryStringBehavior,
  ResponseHeadersPolicy, ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { IDEMPOTENCY_HEADER, UPLOADS_PREFIX } from '@torcedor/shared/constants';
import { LIVE_PATH } from '@torcedor/shared/live';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@torcedor/shared/runtime';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { acknowledge, LAMBDA_BASIC_ROLE, literalOr } from './nag.ts';
import { REPO_ROOT } from './service-function.ts';


/**
 * The SPA bucket behind CloudFront, with `/api/*` routed to the HTTP API so the browser sees one origin
 * (cookies work), and `/uploads/*` read from the private uploads bucket (Origin Access Control, GET/HEAD only).
 * Paths without a file extension outside /api are rewritten to /index.html by a CloudFront Function, so the
 * API's own 404s stay JSON. Security headers on every answer.
 */
export class WebDistribution extends Construct {
  readonly distribution: Distribution;

  /**
   * The site's Content-Security-Policy. Beyond the site and Stripe, the browser may reach only the uploads
   * bucket's regional host (presigned POSTs and the pictures), not any `*.amazonaws.com` host.
   */
  static contentSecurityPolicy(uploadsHost: string): string {
    return [
      "default-src 'self'",
      // 'wasm-unsafe-eval': WebAssembly only (no eval), for the band scan's OCR engine (docs/band-scan.md, "On the device").
      "script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com",
      'frame-src https://js.stripe.com https://hooks.stripe.com',
      `connect-src 'self' ${uploadsHost} https://api.stripe.com`,
      `img-src 'self' data: blob: ${uploadsHost}`,
      "style-src 'self' 'unsafe-inline'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ].join('; ');
  }

  /**
   * What an upload is served with: never sniffed, shown inline, cached by the browser alone for 5 minutes, and a
   * CSP under which the object, opened on its own, can run nothing.
   */
  static readonly UPLOADS_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

  /**
   * `streams`: the streamed routes' paths and the function URL of their service's stream function (response
   * streaming, which the HTTP API cannot relay): each gets its own behaviour ahead of `/api/*`.
   */
  /**
   * The viewer headers /api requests carry to the services, beside the cookies and the query: what the kit reads (the
   * same-origin check's Origin and X-Forwarded-Host, the body's type, Idempotency-Key, Stripe's signature, the browser
   * for the user pool's risk scoring, the answer's language) and CloudFront's own CloudFront-Viewer-Address, the member's real address
   * (docs/architecture.md, "Client address"). The Host is never forwarded: the origin's own name is.
   */
  static readonly API_VIEWER_HEADERS = [
    'origin', 'x-forwarded-host', 'content-type', IDEMPOTENCY_HEADER, 'stripe-signature', 'user-agent', 'accept', 'accept-language',
    VIEWER_ADDRESS_HEADER,
  ] as const;

  /**
   * The live socket's viewer headers: the WebSocket handshake's own, and what its $connect reads (the session cookie
   * rides with the cookies; Origin and X-Forwarded-Host for the same-origin check; the viewer's address).
   */
  static readonly LIVE_VIEWER_HEADERS = [
    'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-protocol', 'sec-websocket-extensions',
    'origin', 'x-forwarded-host', 'user-agent', VIEWER_ADDRESS_HEADER,
  ] as const;

  /** The /api behaviours' origin request policy: cookies, the query and API_VIEWER_HEADERS, never the Host. */
  private static apiRequestPolicy(scope: Construct): OriginRequestPolicy {
    return new OriginRequestPolicy(scope, 'ApiRequests', {
      comment: 'Torcedor /api: cookies, query, the headers the services read and the viewer address',
      cookieBehavior: OriginRequestCookieBehavior.all(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(...WebDistribution.API_VIEWER_HEADERS),
    });
  }

  /**
   * `apiHost`: where /api goes (the API's origin domain, or its execute-api host); `originSecret`: its `current` value is
   * added to every /api request to prove it came through this distribution; `originSecretGeneration` (context) changes
   * with each rotation so the deploy re-reads it (infra/README.md, "Rotating a secret").
   */
  constructor(scope: Construct, id: string, props: {
    apiHost: string; logs: Bucket; uploads: IBucket; streams?: { path: string; url: IFunctionUrl }[];
    /** The live socket's execute-api host and its stage's path (live-socket.ts). */
    live?: { host: string; path: string };
    originSecret: ISecret; originSecretGeneration?: string;
    /** The AWS WAF web ACL in front of everything (edge-firewall.ts). */
    webAclArn: string;
  }) {
    super(scope, id);
    const site = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL, encryption: BucketEncryption.S3_MANAGED, enforceSSL: true,
      serverAccessLogsBucket: props.logs, serverAccessLogsPrefix: 'site/', removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true,
    });
    const spaRewrite = new CfFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(
        "function handler(event) { var r = event.request; if (r.uri.indexOf('/api/') !== 0 && r.uri.indexOf('.') === -1) { r.uri = '/index.html'; } return r; }",
      ),
    });
    // The viewer's host, for the services' same-origin check (services/kit/src/http.ts): set here on every /api
    // request, so a client cannot choose it, and a function URL (whose own Host is not the site's) still knows it.
    const forwardHost = new CfFunction(this, 'ForwardHost', {
      code: FunctionCode.fromInline(
        "function handler(event) { var r = event.request; r.headers['x-forwarded-host'] = { value: r.headers.host ? r.headers.host.value : '' }; return r; }",
      ),
    });
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: {
          override: true,
          // A token: the bucket lives in the stateful stack (the value is resolved at deploy time).
          contentSecurityPolicy: WebDistribution.contentSecurityPolicy(`https://${props.uploads.bucketRegionalDomainName}`),
        },
      },
    });
    const uploadHeaders = this.uploadHeadersPolicy();
    // The uploads bucket lives in the stateful stack, whose bucket policy lets this account's distributions read
    // uploads/* (buckets.ts): the origin takes a reference, so this stack does not write that policy (a cycle).
    const uploads = Bucket.fromBucketAttributes(this, 'UploadsRef', {
      bucketName: props.uploads.bucketName,
      bucketRegionalDomainName: props.uploads.bucketRegionalDomainName,
    });
    const apiRequests = WebDistribution.apiRequestPolicy(this);
    // A dynamic reference, resolved by CloudFormation at deploy time: the value never enters the template.
    const proof = { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValueFromJson('current').unsafeUnwrap() };
    /** Every /api behaviour: HTTPS, any method, never cached, the viewer's request (and host) passed on. */
    const api = {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: apiRequests,
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    this.distribution = new Distribution(this, 'Cdn', {
      comment: `Torcedor (origin secret generation ${props.originSecretGeneration ?? '1'})`,
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: props.logs,
      logFilePrefix: 'cdn/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Ahead of /api/*: CloudFront takes the first pattern that matches.
        ...Object.fromEntries((props.streams ?? []).map(({ path, url }) => [path, {
          origin: FunctionUrlOrigin.withOriginAccessControl(url, { readTimeout: Duration.seconds(60), customHeaders: proof }), ...api,
        }])),
        ...(props.live ? { [LIVE_PATH]: this.liveBehaviour(props.live, proof, headers) } : {}),
        '/api/*': { origin: new HttpOrigin(props.apiHost, { customHeaders: proof }), ...api },
        [`/${UPLOADS_PREFIX}/*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(uploads, { originAccessLevels: [AccessLevel.READ] }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachedMethods: CachedMethods.CACHE_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: uploadHeaders,
        },
      },
    });
    Annotations.of(this.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      "The uploads bucket's own policy (stateful stack, buckets.ts) lets this account's distributions read uploads/*.",
    );
    this.deploySite(site);
    acknowledge(this, 'CFR1', 'Age rules are enforced per country by the service at sign-up; the product does not block countries at the edge.');
    acknowledge(this, 'CFR4', 'The default CloudFront certificate is used until the operator attaches a custom domain, where TLSv1.2_2021 is set.');
  }

  /**
   * LIVE_PATH to the WebSocket API (docs/architecture.md, "Live delivery"): CloudFront passes WebSocket upgrades on;
   * a viewer-request function sets the viewer's host (the same-origin check) and sends the path to the stage's root,
   * since the WebSocket API answers at `/<stage>` alone. Never cached; the handshake's headers and the cookies go on.
   */
  private liveBehaviour(live: { host: string; path: string }, proof: Record<string, string>, headers: ResponseHeadersPolicy) {
    const toStage = new CfFunction(this, 'LiveRewrite', {
      code: FunctionCode.fromInline(
        "function handler(event) { var r = event.request; r.headers['x-forwarded-host'] = { value: r.headers.host ? r.headers.host.value : '' }; r.uri = '/'; return r; }",
      ),
    });
    const requests = new OriginRequestPolicy(this, 'LiveRequests', {
      comment: 'Torcedor live socket: cookies, the WebSocket handshake and the headers $connect reads',
      cookieBehavior: OriginRequestCookieBehavior.all(),
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(...WebDistribution.LIVE_VIEWER_HEADERS),
    });
    return {
      origin: new HttpOrigin(live.host, { originPath: live.path, customHeaders: proof }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: requests,
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: toStage, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
  }

  /** What an upload is answered with: nosniff, inline, a private 5-minute cache, a CSP that runs nothing. */
  private uploadHeadersPolicy(): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, 'UploadHeaders', {
      comment: 'Member uploads: nosniff, inline, private 5-minute cache, a CSP that runs nothing',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: WebDistribution.UPLOADS_CSP, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Content-Disposition', value: 'inline', override: true },
          { header: 'Cache-Control', value: 'private, max-age=300', override: true },
        ],
      },
    });
  }

  /** The built SPA (web/dist) copied into the site bucket on deploy, the CDN invalidated; a note when it is not built. */
  private deploySite(site: Bucket) {
    const dist = join(REPO_ROOT, 'web', 'dist');
    if (existsSync(join(dist, 'index.html'))) {
      const deploy = new BucketDeployment(this, 'Deploy', { sources: [Source.asset(dist)], destinationBucket: site, distribution: this.distribution });
      // The deployment's handler is a CDK-provided singleton at stack level: acknowledge on it alone.
      const handler = Stack.of(this).node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment')) ?? deploy;
      const why = 'CDK-provided BucketDeployment handler: it copies the built SPA from the CDK assets bucket into the site bucket and invalidates the CDN; its policy and runtime are set by aws-cdk-lib.';
      for (const finding of [
        LAMBDA_BASIC_ROLE, 'L1', 'IAM5[Resource::*]', 'IAM5[Action::s3:Abort*]', 'IAM5[Action::s3:DeleteObject*]', 'IAM5[Action::s3:GetBucket*]',
        'IAM5[Action::s3:GetObject*]', 'IAM5[Action::s3:List*]', `IAM5[Resource::<${Stack.of(this).getLogicalId(site.node.defaultChild as CfnBucket)}.Arn>/*]`,
        `IAM5[Resource::arn:${literalOr(Stack.of(this), Stack.of(this).partition, '<AWS::Partition>')}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${literalOr(Stack.of(this), Stack.of(this).region, '<AWS::Region>')}/*]`,
      ]) acknowledge(handler, finding, why);
    } else {
      Annotations.of(this).addInfo('web/dist is missing: run `npm run build -w web` before `cdk deploy` to publish the SPA.');
    }
  }
}
