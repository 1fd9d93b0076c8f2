import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { API_DOCS_ASSETS } from '@torcedor/shared/constants';

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
 * The SPA. Routes are files under src/routes (code-split per route); `npm run dev` serves it with hot
 * reload and proxies /api to the local stack (API_ORIGIN, default http://localhost:3000).
 */
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, generatedRouteTree: './src/route-tree.gen.ts', quoteStyle: 'single' }),
    react(),
    tailwindcss(),
    apiDocsAssets(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: process.env.API_ORIGIN ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
});
