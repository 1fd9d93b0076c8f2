import { join } from 'node:path';
import type { Gateway } from '../gateway/server.ts';
import { createStaticSite } from '../gateway/static.ts';
import { since } from '../log.ts';
import { REPO_ROOT } from '../paths.ts';
import { buildWeb, webDist, webNeedsBuild, webPresent } from '../web.ts';
import type { StackRun } from './run.ts';

/**
 * The SPA on the gateway: through Vite with hot reload in dev mode, else web/dist (built first when older than its
 * sources). Without it (`web: false`, or no web/ yet) the gateway says so in place of the app.
 */
export async function serveWebApp(run: StackRun, gateway: Gateway): Promise<void> {
  const { log } = run;
  if (run.opts.web === false) {
    gateway.setWebMessage('This stack serves the API only.');
    return;
  }
  if (!webPresent(REPO_ROOT)) {
    gateway.setWebMessage('The web app (web/index.html) does not exist yet.');
    log.warn('web/index.html is missing: serving the API only');
    return;
  }
  const t = performance.now();
  if (run.dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: join(REPO_ROOT, 'web'),
      configLoader: 'runner',
      server: { middlewareMode: true, hmr: { server: gateway.server } },
      appType: 'spa',
      logLevel: run.opts.quiet ? 'error' : 'info',
    });
    run.cleanups.push(() => vite.close());
    gateway.setVite(vite.middlewares);
    log.ok(`web app via Vite (hot reload) ${since(t)}`);
    return;
  }
  if (webNeedsBuild(REPO_ROOT)) {
    gateway.setWebMessage('Torcedor is building the web app…');
    await buildWeb(REPO_ROOT);
    log.ok(`web app built ${since(t)}`);
  } else {
    log.ok('web app up to date (web/dist)');
  }
  gateway.setSite(createStaticSite(webDist(REPO_ROOT)));
}
