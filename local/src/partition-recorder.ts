import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from './paths.ts';


const built = new Map<string, string>();

/**
 * The bench's partition recorder (services/kit/src/partition-log.ts, bench B12 and B13, docs/cost.md) as a module of
 * its own: no function bundles it (every bundle would carry it), so the functions load it at run time from the address
 * this answers. Built once per log, beside the log, self-contained (the functions' threads run plain JavaScript).
 */
export function partitionRecorder(log: string): string {
  let url = built.get(log);
  if (!url) {
    const outfile = join(dirname(log), 'partition-recorder.mjs');
    esbuild.buildSync({
      entryPoints: [join(REPO_ROOT, 'services/kit/src/partition-log.ts')], outfile,
      bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'error',
    });
    url = pathToFileURL(outfile).href;
    built.set(log, url);
  }
  return url;
}
