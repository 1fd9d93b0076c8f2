import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative, sep } from 'node:path';
import * as esbuild from 'esbuild';
import { servicesWithWorker } from '@torcedor/shared/events';
import { servicesWithSocket } from '@torcedor/shared/live';
import { servicesWithStream } from '@torcedor/shared/routes';
import { serviceEntry } from '@torcedor/shared/runtime';
import { SERVICES, type ServiceName } from '@torcedor/shared/services';
import type { FunctionKind } from './protocol.ts';

export type ServiceBundles = Record<ServiceName, Partial<Record<FunctionKind, string>>>;

export interface BuildResult {
  /** Bundle paths per service and function. */
  bundles: ServiceBundles;
  /** The worker-thread runtime. */
  host: string;
  dispose(): Promise<void>;
}

/**
 * Workspace packages (@torcedor/*) are bundled; every package resolved from the root node_modules stays
 * external (as `packages: 'external'` would do) and is loaded by Node from there at run time through
 * <outDir>/node_modules, a symlink to the root node_modules, so outDir may live anywhere (e.g. /tmp).
 * A package installed only under a workspace's own node_modules is bundled instead.
 */
function externalPackages(rootModules: string): esbuild.Plugin {
  return {
    name: 'torcedor-external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'inner') return undefined;
        if (args.path.startsWith('node:')) return { external: true };
        if (args.path.startsWith('@torcedor/')) return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'inner' });
        if (found.errors.length) return { errors: found.errors };
        if (found.external || found.path.startsWith(rootModules + sep)) return { path: args.path, external: true };
        return undefined;
      });
    },
  };
}

const sha = (b: Uint8Array) => createHash('sha1').update(b).digest('hex');

/**
 * `<outDir>/node_modules`, a link to the root node_modules, through which the bundles load their external packages
 * (a dangling link left by a moved checkout is replaced).
 */
function linkNodeModules(outDir: string, rootModules: string): void {
  mkdirSync(outDir, { recursive: true });
  const link = join(outDir, 'node_modules');
  if (!existsSync(link)) {
    try { lstatSync(link); rmSync(link, { force: true }); } catch { /* no dangling link */ }
    symlinkSync(rootModules, link, 'dir');
  }
}

/** The worker-thread host plus each service's functions (http, and worker / stream / socket where it has one), and where each bundle goes. */
function entryPointsOf(repoRoot: string, outDir: string): { entryPoints: { in: string; out: string }[]; bundles: ServiceBundles } {
  const withWorker = new Set(servicesWithWorker());
  const withStream = new Set(servicesWithStream());
  const withSocket = new Set(servicesWithSocket());
  const bundles = {} as ServiceBundles;
  const entryPoints: { in: string; out: string }[] = [
    { in: fileURLToPath(new URL('./host.ts', import.meta.url)), out: 'host' },
  ];
  for (const s of SERVICES) {
    bundles[s] = {};
    const fns: FunctionKind[] = [
      'http', ...(withWorker.has(s) ? ['worker' as const] : []), ...(withStream.has(s) ? ['stream' as const] : []),
      ...(withSocket.has(s) ? ['socket' as const] : []),
    ];
    for (const fn of fns) {
      const src = join(repoRoot, serviceEntry(s, fn));
      if (!existsSync(src)) throw new Error(`${serviceEntry(s, fn)} is missing`);
      entryPoints.push({ in: src, out: `${s}/${fn}` });
      bundles[s][fn] = join(outDir, s, `${fn}.mjs`);
    }
  }
  return { entryPoints, bundles };
}

/**
 * Writes only the output files whose content changed. `firstBuild` settles with the first build (rejects on its
 * errors); after it, errors go to `onError` and the services whose bundles changed to `onChange`.
 */
function writeChangedFiles(
  outDir: string,
  o: { onChange?: (services: ServiceName[]) => void; onError?: (message: string) => void },
): { plugin: esbuild.Plugin; firstBuild: Promise<void> } {
  const written = new Map<string, string>();
  const serviceOf = (file: string) => relative(outDir, file).split(sep)[0] as ServiceName;
  let first = true;
  let resolveFirst!: () => void;
  let rejectFirst!: (e: Error) => void;
  const firstBuild = new Promise<void>((res, rej) => { resolveFirst = res; rejectFirst = rej; });

  const plugin: esbuild.Plugin = {
    name: 'torcedor-write-changed',
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length) {
          const text = esbuild.formatMessagesSync(result.errors, { kind: 'error', color: false }).join('\n');
          if (first) { first = false; rejectFirst(new Error(`service bundles failed:\n${text}`)); }
          else o.onError?.(text);
          return;
        }
        const changed = new Set<ServiceName>();
        for (const f of result.outputFiles ?? []) {
          const h = sha(f.contents);
          if (written.get(f.path) === h) continue;
          mkdirSync(dirname(f.path), { recursive: true });
          writeFileSync(f.path, f.contents);
          written.set(f.path, h);
          const s = serviceOf(f.path);
          if ((SERVICES as readonly string[]).includes(s) && f.path.endsWith('.mjs')) changed.add(s);
        }
        if (first) { first = false; resolveFirst(); }
        else if (changed.size) o.onChange?.([...changed]);
      });
    },
  };
  return { plugin, firstBuild };
}

/**
 * Dev mode: inotify (fs.watch) on the sources, then an incremental rebuild; faster to notice a save than esbuild's
 * polling watcher. Unchanged bundles are not rewritten, so only edited services reload. Returns the stop.
 */
function rebuildOnChange(ctx: esbuild.BuildContext, repoRoot: string): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let building = Promise.resolve();
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => { building = building.then(() => ctx.rebuild().then(() => undefined, () => undefined)); }, 80);
  };
  const watchers = ['services', 'shared'].map((d) => watch(join(repoRoot, d), { recursive: true }, (_e, file) => {
    if (file && !/node_modules|\.test\.ts$/.test(String(file))) schedule();
  }));
  return async () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
    await building;
    await ctx.dispose();
  };
}

/**
 * Bundles each service's http function (and worker, stream and socket where servicesWithWorker(), servicesWithStream()
 * and servicesWithSocket() list one) the way CDK's
 * NodejsFunction does: esbuild, platform node, ESM, one self-contained file per function; plus the
 * worker-thread host. Output goes to `outDir/<service>/<fn>.mjs`.
 *
 * With `onChange` (dev mode), a change under services/ or shared/ triggers an incremental rebuild, and
 * `onChange` gets the services whose bundles actually changed.
 */
export async function buildServices(o: {
  repoRoot: string;
  outDir: string;
  onChange?: (services: ServiceName[]) => void;
  onError?: (message: string) => void;
}): Promise<BuildResult> {
  const rootModules = join(o.repoRoot, 'node_modules');
  linkNodeModules(o.outDir, rootModules);
  const { entryPoints, bundles } = entryPointsOf(o.repoRoot, o.outDir);
  const { plugin: onEnd, firstBuild } = writeChangedFiles(o.outDir, o);

  const ctx = await esbuild.context({
    entryPoints,
    outdir: o.outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'silent',
    // A CommonJS dependency bundled into an ESM file may still call require().
    banner: { js: "import { createRequire as __torcedorRequire } from 'node:module'; const require = __torcedorRequire(import.meta.url);" },
    plugins: [externalPackages(rootModules), onEnd],
  });
  await ctx.rebuild().catch(() => undefined);
  try {
    await firstBuild;
  } catch (err) {
    await ctx.dispose();
    throw err;
  }
  if (!o.onChange) {
    await ctx.dispose();
    return { bundles, host: join(o.outDir, 'host.mjs'), dispose: async () => undefined };
  }
  return { bundles, host: join(o.outDir, 'host.mjs'), dispose: rebuildOnChange(ctx, o.repoRoot) };
}
