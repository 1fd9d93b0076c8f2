import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { API_DOCS_ASSETS, UPLOADS_PREFIX } from '@torcedor/shared/constants';
import { TESSERACT_BASE, TESSERACT_FILES, TESSERACT_LANG_VERSION } from './src/features/scan/lib/tesseract-assets';

/**
 * Lingui's macros (docs/i18n.md) turn `t`Add to humidor`` and <Trans> into catalog lookups at build time. The English
 * text stays in the bundle (stripNonEssentialFields off): it is the message's fallback and the English catalog's
 * source, so the English pages load no catalog.
 */
const LINGUI_CONFIG = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const LINGUI_MACRO: [string, Record<string, unknown>] = [
  '@lingui/babel-plugin-lingui-macro',
  { stripNonEssentialFields: false, linguiConfig: getConfig({ configPath: LINGUI_CONFIG }) },
];

/**
 * The API reference page (/api/docs, served by identity) loads Swagger UI from our own origin: its bundle and
 * styles from the swagger-ui-dist package, and a start script that points it at /api/openapi.json with the
 * outside validator off (no request leaves the origin; no inline script, so the CSP stays strict).
 */
function apiDocsAssets(): Plugin {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const init = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  withCredentials: true,
  defaultModelsExpandDepth: 0,
});
`;
  const base = API_DOCS_ASSETS.replace(/^\//, '');
  const files: Record<string, () => string | Buffer> = {
    'swagger-ui-bundle.js': () => readFileSync(join(dist, 'swagger-ui-bundle.js')),
    'swagger-ui.css': () => readFileSync(join(dist, 'swagger-ui.css')),
    'init.js': () => init,
  };
  const types: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
  return {
    name: 'torcedor-api-docs-assets',
    generateBundle() {
      for (const [name, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName: `${base}/${name}`, source: source() });
    },
    configureServer(server) {
      server.middlewares.use(API_DOCS_ASSETS, (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0]!;
        const source = files[name];
        if (!source) return next();
        res.setHeader('content-type', types[name.split('.').pop()!]!);
        res.end(source());
      });
    },
  };
}

/**
 * The band scan's OCR engine (docs/band-scan.md, "On the device"), served from our own origin: tesseract.js's worker,
 * its WebAssembly core and the English language data, copied out of node_modules into the build under /tesseract/
 * (and served from there by the dev server). Only the scan page asks for them, when a scan starts.
 */
function tesseractAssets(): Plugin {
  const web = createRequire(import.meta.url);
  // The core is tesseract.js's own dependency: found from it first, then from here.
  const fromTesseract = createRequire(web.resolve('tesseract.js/package.json'));
  const locate = (spec: string) => {
    try {
      return fromTesseract.resolve(spec);
    } catch {
      return web.resolve(spec);
    }
  };
  const files = new Map(Object.entries(TESSERACT_FILES).map(([name, spec]) => [name, locate(spec)]));
  const base = TESSERACT_BASE.replace(/^\//, '');
  return {
    name: 'torcedor-tesseract-assets',
    generateBundle() {
      for (const [name, path] of files) this.emitFile({ type: 'asset', fileName: `${base}/${name}`, source: readFileSync(path) });
    },
    configureServer(server) {
      server.middlewares.use(TESSERACT_BASE, (req, res, next) => {
        const path = files.get((req.url ?? '').replace(/^\//, '').split('?')[0]!);
        if (!path) return next();
        res.setHeader('content-type', path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream');
        res.end(readFileSync(path));
      });
    },
  };
}

/**
 * The band reader's version: tesseract.js's, its core's and the language data's. The service worker keeps the
 * /tesseract/ files under it (docs/installable.md), so an upgrade of any of them is fetched anew, never mixed with the
 * old files.
 */
function bandReaderVersion(): string {
  const web = createRequire(import.meta.url);
  const fromTesseract = createRequire(web.resolve('tesseract.js/package.json'));
  const version = (req: NodeJS.Require, name: string) => (req(`${name}/package.json`) as { version: string }).version;
  return `${version(web, 'tesseract.js')}-${version(fromTesseract, 'tesseract.js-core')}-${TESSERACT_LANG_VERSION}`;
}

/**
 * Installable (docs/installable.md): the web app manifest (linked from index.html by the plugin) and the service
 * worker built from src/sw.ts with the list of files to precache: the app shell, every script, style and icon of the
 * build, but not the band reader (cached on first use, ~8 MB), the API reference's Swagger UI or the link-preview
 * image. The page registers the worker itself, late and from a chunk of its own (src/lib/pwa.ts).
 */
function installable() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'Torcedor',
      short_name: 'Torcedor',
      description: 'The age-verified social club for adult cigar enthusiasts: your humidor, ratings, recommendations and club events.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#15100d',
      theme_color: '#1a1210',
      categories: ['lifestyle', 'social'],
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
      globIgnores: [`${TESSERACT_BASE.replace(/^\//, '')}/**`, `${API_DOCS_ASSETS.replace(/^\//, '')}/**`, 'og-image.png'],
    },
    devOptions: { enabled: false },
  });
}

/** The public pages (no sign-in): listed in sitemap.xml and allowed in robots.txt. */
const PUBLIC_PAGES = ['/', '/terms', '/privacy', '/disclaimer'] as const;

/**
 * The site's public origin, for the absolute URLs that sitemap.xml, robots.txt's `Sitemap:` line and og:image need.
 * They are static files (the gateway serves web/dist, CloudFront the S3 copy of it), so the origin is baked in at
 * build time from APP_ORIGIN, the variable the services get (CDK's `appOrigin` context): build with
 * `APP_ORIGIN=https://<your domain> npm run build` before deploying. Unset, it is the local stack's origin.
 */
function siteOrigin(): string {
  const value = process.env.APP_ORIGIN || `http://localhost:${process.env.PORT || 3000}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`APP_ORIGIN is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`APP_ORIGIN must be http(s): ${value}`);
  return url.origin;
}

/**
 * The signed-in areas (first path segment of each route under src/routes/_authenticated: `events_.$id.tsx` is
 * /events, `profile.{-$id}.tsx` /profile), so a new members' page is kept out of search engines without a second list.
 */
function memberAreas(routesDir = fileURLToPath(new URL('./src/routes/_authenticated', import.meta.url))): string[] {
  const areas = new Set<string>();
  for (const e of readdirSync(routesDir, { withFileTypes: true })) {
    if (e.isFile() && (!/\.tsx?$/.test(e.name) || /\.(test|spec)\.tsx?$/.test(e.name))) continue;
    const segment = e.name.split('.')[0]!.replace(/_$/, '');
    if (!/^[a-z0-9][a-z0-9-]*$/i.test(segment) || segment === 'index' || segment === 'route') continue;
    areas.add(`/${segment}`);
  }
  return [...areas].sort();
}

function robotsTxt(origin: string): string {
  return [
    '# Torcedor: the public pages may be indexed; the API, member uploads and the signed-in areas may not.',
    'User-agent: *',
    ...PUBLIC_PAGES.map((p) => `Allow: ${p === '/' ? '/$' : p}`),
    'Disallow: /api/',
    `Disallow: /${UPLOADS_PREFIX}/`,
    ...memberAreas().map((a) => `Disallow: ${a}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sitemapXml(origin: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((p) => `  <url><loc>${xmlEscape(origin + p)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * robots.txt and sitemap.xml, generated into the build (served as files, with their types, by the gateway and by
 * CloudFront, whose SPA rewrite leaves paths with a dot alone) and by the dev server; `%APP_ORIGIN%` in index.html
 * becomes the origin (og:image must be an absolute URL).
 */
function seoFiles(): Plugin {
  const origin = siteOrigin();
  const files = new Map([
    ['robots.txt', { type: 'text/plain; charset=utf-8', body: () => robotsTxt(origin) }],
    ['sitemap.xml', { type: 'application/xml', body: () => sitemapXml(origin) }],
  ]);
  return {
    name: 'torcedor-seo-files',
    transformIndexHtml: { order: 'pre', handler: (html) => html.replaceAll('%APP_ORIGIN%', origin) },
    generateBundle() {
      for (const [fileName, f] of files) this.emitFile({ type: 'asset', fileName, source: f.body() });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const f = files.get((req.url ?? '').split('?')[0]!.replace(/^\//, ''));
        if (!f) return next();
        res.setHeader('content-type', f.type);
        res.end(f.body());
      });
    },
  };
}

/**
 * The landing page's own code (the `/` route's component chunk and what it imports) preloaded by index.html beside the
 * entry, so a visitor's first screen is not one more round trip away (docs/decisions.md, "First screen"). A few KB
 * that a signed-in page load fetches without needing.
 */
function preloadLanding(): Plugin {
  return {
    name: 'torcedor-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const landing = chunks.find((c) => /src\/routes\/index\.tsx\?tsr-split=component/.test(c.facadeModuleId ?? ''));
        if (!landing) throw new Error('preloadLanding: the / route has no component chunk');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(landing.fileName);
        const tags = [...files].filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
        return html.replace('  </head>', `    ${tags.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * A signed-in page's first reads leave from index.html (docs/decisions.md, "First screen"): src/boot.ts, built on its
 * own into one small script that imports nothing, is the page's first script, loaded async and ahead of the app's
 * bundle, so the member's read and the page's own reads travel while the bundle loads. It keeps an async script's low
 * priority: Lighthouse counts a high-priority script as holding the first paint. Its name carries a hash of its content,
 * like the other assets. The dev server has none: main.tsx sends the same reads when no script did.
 */
function earlyReadsScript(): Plugin {
  let resolved: ResolvedConfig;
  let fileName = '';
  return {
    name: 'torcedor-early-reads',
    apply: 'build',
    configResolved(config) {
      resolved = config;
    },
    async buildStart() {
      const out = (await build({
        configFile: false, root: resolved.root, mode: resolved.mode, envDir: resolved.envDir, logLevel: 'warn',
        resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
        build: {
          write: false, minify: true, copyPublicDir: false, modulePreload: false,
          lib: { entry: fileURLToPath(new URL('./src/boot.ts', import.meta.url)), formats: ['iife'], name: 'torcedorBoot' },
        },
      })) as Rolldown.RolldownOutput[];
      const chunk = out[0]!.output.find((c) => c.type === 'chunk');
      if (!chunk || out[0]!.output.length !== 1) throw new Error('earlyReadsScript: src/boot.ts must build into one script');
      fileName = `assets/boot-${createHash('sha256').update(chunk.code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: chunk.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes('</title>\n')) throw new Error('earlyReadsScript: no <title> in index.html');
        return html.replace('</title>\n', `</title>\n    <script async src="/${fileName}"></script>\n`);
      },
    },
  };
}

/**
 * The stylesheet, which holds the first paint, asked for before every script (Vite writes its link after the entry
 * script and the modulepreloads): over HTTP/1.1's six connections per origin it would otherwise wait behind them
 * (docs/decisions.md, "First screen").
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'torcedor-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/^\s*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
        for (const style of styles) html = html.replace(style, '');
        const firstScript = html.indexOf('    <script type="module"');
        if (firstScript < 0) throw new Error('stylesheetFirst: no entry script in index.html');
        return `${html.slice(0, firstScript)}${styles.join('')}${html.slice(firstScript)}`;
      },
    },
  };
}

/**
 * The libraries the first screen of any page runs: React, the router and its stores, and `cn`'s two (docs/decisions.md,
 * "First screen"). The query library stays out: the first screen uses a small part of it.
 */
const FIRST_SCREEN_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|use-sync-external-store|tiny-invariant|clsx|tailwind-merge|@lingui[\\/](core|react))[\\/]/;

/**
 * The languages' catalogs (docs/i18n.md): per language, one chunk of the area a visitor's first screen needs
 * (FIRST_SCREEN_AREAS in src/lib/i18n.ts) and one of the rest (one request each for a page's words).
 */
const LOCALE_CHUNKS = ['en', 'es', 'fr', 'de', 'it', 'pseudo'].flatMap((lang) => [
  { name: `locale-${lang}-first`, test: new RegExp(`[\\\\/]src[\\\\/]locales[\\\\/]${lang}[\\\\/]entry\\.po`) },
  { name: `locale-${lang}`, test: new RegExp(`[\\\\/]src[\\\\/]locales[\\\\/]${lang}[\\\\/]`) },
]);

/** Prints each language's catalog chunk, raw and gzip-compressed, at the end of a build. */
function catalogSizes(): Plugin {
  return {
    name: 'torcedor-catalog-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const rows = Object.values(bundle)
        .flatMap((c) => (c.type === 'chunk' && c.name?.startsWith('locale-') ? [{ name: c.name, code: c.code }] : []))
        .map(({ name, code }) => `${name.slice('locale-'.length).padEnd(12)} ${(code.length / 1024).toFixed(1).padStart(6)} KB, ${(gzipSync(code).length / 1024).toFixed(1).padStart(5)} KB gzip`);
      if (rows.length) this.info(`catalogs per language:\n${rows.sort().join('\n')}`);
    },
  };
}

/**
 * The SPA. Routes are files under src/routes (code-split per route); `npm run dev` serves it with hot
 * reload and proxies /api to the local stack (API_ORIGIN, default http://localhost:3000).
 */
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: the data calls they make (and the API client and schemas behind them) load with the
      // route, not with the first screen (docs/decisions.md, "First screen"). A route's loader and component share one
      // chunk (one request fewer per page). The landing route keeps its loader in the first bundle.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react({ babel: { plugins: [LINGUI_MACRO] } }),
    lingui({ configPath: LINGUI_CONFIG }),
    tailwindcss(),
    apiDocsAssets(),
    tesseractAssets(),
    seoFiles(),
    preloadLanding(),
    stylesheetFirst(),
    earlyReadsScript(),
    installable(),
    catalogSizes(),
  ],
  define: { __BAND_READER_VERSION__: JSON.stringify(bandReaderVersion()) },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Every `from 'zod'` in the bundle (ours and shared/) gets zod set to interpret, never eval (src/lib/zod-jitless.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: process.env.API_ORIGIN ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports has modulepreload: no polyfill in the first bundle.
    modulePreload: { polyfill: false },
    // Fewer, larger files (docs/decisions.md, "First screen"): over HTTP/1.1's six connections per origin each small
    // file costs a round trip. The libraries every first screen runs are one chunk, and small shared chunks are
    // copied into the chunks that read them (rolldown keeps one module state across the copies).
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: FIRST_SCREEN_LIBRARIES }, ...LOCALE_CHUNKS],
          experimentalInlineCommonChunks: { maxSize: 4096, exclude: /\.css(\?|$)/ },
        },
      },
    },
  },
});
