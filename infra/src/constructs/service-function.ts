import { createRequire } from 'node:module';
import { AssetHashType, DockerImage, Duration, Stack } from 'aws-cdk-lib';
import { LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { Alias, Architecture, Code, Function as LambdaFunction, LayerVersion, Runtime, Tracing, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Stage } from '../stage.ts';
import { functionAlarms } from './alarms.ts';
import { acknowledge, LAMBDA_BASIC_ROLE } from './nag.ts';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FUNCTION_KIND_SETTING, FUNCTION_TIMEOUT_SECONDS, LAMBDA_PROVIDED_MODULES, layerModulesOf, SERVICE_LAYER_BUILDS, SERVICE_LAYER_MODULES, serviceEntry, type FunctionKind } from '@torcedor/shared/runtime';
import { buildSync } from 'esbuild';
import type { ServiceName } from '@torcedor/shared/services';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');

/** The Powertools version the services are built and tested with (the layer of the same version is attached). */
export const POWERTOOLS_VERSION = (JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve('@aws-lambda-powertools/logger')), '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
/** AWS publishes each Powertools layer's ARN per region in this public SSM parameter. */
export const POWERTOOLS_LAYER_PARAMETER = `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`;

/** The stack's one reference to the Powertools layer (Logger, Metrics, Tracer with the X-Ray SDK, Idempotency). */
function powertoolsLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild('PowertoolsLayer') as ILayerVersion | undefined;
  return existing ?? LayerVersion.fromLayerVersionArn(stack, 'PowertoolsLayer', StringParameter.valueForStringParameter(stack, POWERTOOLS_LAYER_PARAMETER));
}

/** The folder of installed package `name`, found up from one of its files (its exports may not list package.json). */
function packageDir(file: string, name: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return dir;
  }
  throw new Error(`package ${name} not found above ${file}`);
}

/** A module name as package and subpath: '@torcedor/ai/engine' -> ['@torcedor/ai', './engine']. */
function packageOf(module: string): [string, string] {
  const parts = module.split('/');
  const n = module.startsWith('@') ? 2 : 1;
  return [parts.slice(0, n).join('/'), parts.length > n ? `./${parts.slice(n).join('/')}` : '.'];
}

/**
 * The layer of a service's modules loaded on first use (runtime.ts SERVICE_LAYER_MODULES and SERVICE_LAYER_BUILDS):
 * installed packages copied as they are into `nodejs/node_modules` (no Docker; each must have no dependencies of its
 * own, which the copy checks), and modules of this repo bundled by esbuild into a package of their name. Hashed by its
 * output, so a change of a built module's source makes a new layer version. One per stack and service.
 */
function serviceLayer(scope: Construct, service: ServiceName): ILayerVersion | undefined {
  const packages = SERVICE_LAYER_MODULES[service] ?? [];
  const builds = Object.entries(SERVICE_LAYER_BUILDS[service] ?? {});
  if (!packages.length && !builds.length) return undefined;
  const stack = Stack.of(scope);
  const id = `${service}-modules-layer`;
  const existing = stack.node.tryFindChild(id) as ILayerVersion | undefined;
  if (existing) return existing;
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  const dirs = packages.map((m) => {
    const dir = packageDir(require.resolve(m), m);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    if (Object.keys(pkg.dependencies ?? {}).length) throw new Error(`${m} has dependencies: a layer module must be self-contained`);
    return [m, dir] as const;
  });
  return new LayerVersion(stack, id, {
    description: `Torcedor ${service}: ${layerModulesOf(service).join(', ')} (loaded on first use)`,
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    compatibleArchitectures: [Architecture.ARM_64],
    code: Code.fromAsset(join(REPO_ROOT, 'services', service), {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
        local: {
          tryBundle(outputDir: string) {
            const modules = join(outputDir, 'nodejs', 'node_modules');
            for (const [m, dir] of dirs) cpSync(dir, join(modules, m), { recursive: true });
            const exportsOf = new Map<string, Record<string, string>>();
            for (const [module, entry] of builds) {
              const [pkg, subpath] = packageOf(module);
              const file = `${subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-')}.mjs`;
              buildSync({
                entryPoints: [join(REPO_ROOT, entry)], outfile: join(modules, pkg, file), bundle: true, minify: true, sourcemap: true,
                platform: 'node', format: 'esm', target: 'node22', external: [...LAMBDA_PROVIDED_MODULES], logLevel: 'error',
              });
              exportsOf.set(pkg, { ...exportsOf.get(pkg), [subpath]: `./${file}` });
            }
            for (const [pkg, exports] of exportsOf) writeFileSync(join(modules, pkg, 'package.json'), `${JSON.stringify({ name: pkg, type: 'module', exports })}\n`);
            return true;
          },
        },
      },
    }),
  });
}

export interface ServiceFunctionProps {
  stage: Stage;
  service: ServiceName;
  kind: FunctionKind;
  environment: Record<string, string>;
  /** false in assertion tests: an inline stub keeps synth fast; `cdk synth` always bundles. */
  bundle: boolean;
}

/** How a new version takes the traffic: 10% for 5 minutes, then all, rolled back when its errors alarm fires. */
export const DEPLOYMENT_CONFIG = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

/**
 * One Lambda function of a service, bundled by local esbuild exactly as the local stack bundles it, published as a
 * version behind the `live` alias that everything invokes (routes, rules, schedules, URLs). A deploy shifts `live` to
 * the new version gradually (CodeDeploy canary) and rolls back on the function's errors alarm (infra/README.md, "Safe
 * deploys"). Its alarms: errors, throttles and, for a worker, event age (alarms.ts).
 */
export class ServiceFunction extends Construct {
  readonly fn: LambdaFunction;
  /** `live`: the alias every caller invokes. */
  readonly alias: Alias;
  readonly alarms: ReturnType<typeof functionAlarms>;

  constructor(scope: Construct, id: string, p: ServiceFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH });
    const common = {
      functionName: p.stage.resourceName(`${p.service}-${p.kind}`),
      logGroup,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: p.kind === 'worker' ? 512 : 1024,
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS[p.kind]),
      environment: { ...p.environment, [FUNCTION_KIND_SETTING]: p.kind, NODE_OPTIONS: '--enable-source-maps' },
      tracing: Tracing.ACTIVE,
      layers: [powertoolsLayer(this), ...(p.bundle ? [serviceLayer(this, p.service)].filter((l): l is ILayerVersion => l !== undefined) : [])],
      description: `Torcedor ${p.service} ${p.kind}`,
    };
    this.fn = p.bundle
      ? new NodejsFunction(this, 'Fn', {
          ...common,
          entry: join(REPO_ROOT, serviceEntry(p.service, p.kind)),
          handler: 'handler',
          projectRoot: REPO_ROOT,
          depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
          bundling: {
            format: OutputFormat.ESM,
            minify: true,
            sourceMap: true,
            target: 'node22',
            externalModules: [...LAMBDA_PROVIDED_MODULES, ...layerModulesOf(p.service)],
            forceDockerBundling: false,
            banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
          },
        })
      : new LambdaFunction(this, 'Fn', { ...common, handler: 'index.handler', code: Code.fromInline('export const handler = async () => ({ statusCode: 200 });') });
    this.alias = new Alias(this, 'Live', { aliasName: 'live', version: this.fn.currentVersion });
    this.alarms = functionAlarms(this, { stage: p.stage, service: p.service, kind: p.kind, fn: this.alias });
    const deployment = new LambdaDeploymentGroup(this, 'Deployment', {
      alias: this.alias, deploymentConfig: DEPLOYMENT_CONFIG, alarms: [this.alarms.errors],
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });
    acknowledge(deployment, 'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]', "CodeDeploy's own managed role for Lambda deployments: it may only shift this function's aliases and read its alarms.");
    acknowledge(this, LAMBDA_BASIC_ROLE, 'AWSLambdaBasicExecutionRole is the least-privilege managed policy for CloudWatch Logs; data access is granted per table with grant*().');
    acknowledge(this, 'IAM5[Resource::*]', 'X-Ray tracing (xray:PutTraceSegments, PutTelemetryRecords) only accepts Resource "*".');
    acknowledge(this, 'L1', 'Pinned to Node.js 22, the runtime the code and its bundles target (the repo runs on Node 20+ and vitest 4, openai 6, middy 6).');
  }
}
