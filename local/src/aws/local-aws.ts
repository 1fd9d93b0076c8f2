import { randomBytes } from 'node:crypto';
/** Region and dummy credentials every local client and service uses (the stand-ins do not check them). */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
export const EVENT_BUS_NAME = 'torcedor-local';
export const UPLOADS_BUCKET = 'torcedor-uploads';
export const tableName = (service: string) => `torcedor-${service}`;

/** Where the local stand-ins answer, and the user pool they host. Shared by the stack and the tests. */
export interface LocalAws {
  region: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  s3Endpoint: string;
  eventBridgeEndpoint: string;
  /** The SES v2 stand-in (aws-ses-v2-local). */
  sesEndpoint: string;
  eventBusName: string;
  uploadsBucket: string;
  userPoolId: string;
  clientId: string;
  /** `iss` of the pool's tokens: http://127.0.0.1:<port>/<poolId> for cognito-local. */
  issuer: string;
  jwksUri: string;
  /** The app's own origin (http://localhost:<port>). */
  appOrigin: string;
  /**
   * The origin secret the local gateway adds to every /api request, as CloudFront does in AWS, and the functions
   * check before they believe the viewer's address (services/kit/src/client-address.ts). Random per start.
   */
  originProof: string;
  /** The key that signs unsubscribe links on this stack (services/kit/src/mail-links.ts). Random per start. */
  mailLinkKey: string;
}

/** The LocalAws of running stand-ins: the fixed names, and the issuer and JWKS URL of cognito-local's tokens. */
export function localAws(
  p: Omit<LocalAws, 'region' | 'eventBusName' | 'uploadsBucket' | 'issuer' | 'jwksUri' | 'originProof' | 'mailLinkKey'> & { originProof?: string; mailLinkKey?: string },
): LocalAws {
  const issuer = `${p.cognitoEndpoint}/${p.userPoolId}`;
  return {
    region: LOCAL_REGION, eventBusName: EVENT_BUS_NAME, uploadsBucket: UPLOADS_BUCKET, originProof: newOriginProof(), mailLinkKey: newOriginProof(), ...p, issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
  };
}

/** A fresh origin secret: 32 random bytes. */
export const newOriginProof = () => randomBytes(32).toString('base64url');

/** Options every AWS SDK v3 client takes to reach a stand-in. */
export const clientConfig = (endpoint: string) => ({
  endpoint,
  region: LOCAL_REGION,
  credentials: LOCAL_CREDENTIALS,
  maxAttempts: 2,
});
