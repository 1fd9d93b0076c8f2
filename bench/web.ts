import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SIGNED_IN_HINT_COOKIE } from '@torcedor/shared/constants';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * B7: the JavaScript a page needs before it can render, gzip-compressed as the CDN serves it: the entry script, every
 * module index.html preloads, and the English first-screen catalog (the landing page waits for its words:
 * docs/i18n.md). The same measure of our landing page (web/dist) and of a bare React + TanStack Router + TanStack
 * Query app the bench builds in the same run with the same Vite and React plugin.
 */
export function initialJsGzip(distDir: string): { bytes: number; files: number } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) refs.add(m[1]!);
  const assets = join(distDir, 'assets');
  if (existsSync(assets)) for (const name of readdirSync(assets)) if (/^locale-en-first-.*\.js$/.test(name)) refs.add(`/assets/${name}`);
  let bytes = 0;
  for (const ref of refs) bytes += gzipSync(readFileSync(join(distDir, ref.replace(/^\//, '')))).length;
  return { bytes, files: refs.size };
}

const BARE_MAIN = `import { QueryClient, QueryClientProvider, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const greeting = queryOptions({ queryKey: ['greeting'], queryFn: async () => 'Hello' });
const rootRoute = createRootRoute({ component: () => <main><nav><Link to="/">Home</Link></nav><Outlet /></main> });
function Home() {
  const { data } = useSuspenseQuery(greeting);
  return <h1>{data}</h1>;
}
const queryClient = new QueryClient();
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', loader: () => queryClient.ensureQueryData(greeting), component: Home });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });
createRoot(document.getElementById('root')!).render(
  <StrictMode><QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider></StrictMode>,
);
`;

/** Builds the bare React + TanStack Router + Query app (inside web/, so it resolves the same packages) and measures it. */
export async function bareAppInitialJs(workDir: string): Promise<{ bytes: number; files: number }> {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const src = join(ROOT, 'web', '.bench-bare');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>bare</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>');
  writeFileSync(join(src, 'main.tsx'), BARE_MAIN);
  const outDir = join(workDir, 'bare-dist');
  try {
    await build({ root: src, configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir, emptyOutDir: true } });
  } finally {
    const { rmSync } = await import('node:fs');
    rmSync(src, { recursive: true, force: true });
  }
  return initialJsGzip(outDir);
}

export interface LighthouseScores { performance: number; accessibility: number; 'best-practices': number; seo: number }
/** Core Web Vitals as Lighthouse measures them on a phone: LCP and TBT in ms, CLS unitless. */
export interface WebVitals { lcpMs: number; tbtMs: number; cls: number }
export interface LighthousePage { label: string; url: string; scores: LighthouseScores; vitals: WebVitals; failing: string[]; scriptKb: number }

/**
 * The browser's cookies for one page: a signed-in page's session cookies, as the browser keeps them after a login (the
 * page's script reads the non-HttpOnly signed-in hint from document.cookie, so a Cookie header alone would measure the
 * landing page instead); none for a public page.
 */
async function useCookies(port: number, url: string, cookie: string | undefined): Promise<void> {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const context = browser.defaultBrowserContext();
    const existing = await context.cookies();
    if (existing.length) await context.deleteCookie(...existing);
    const { hostname } = new URL(url);
    const pairs = (cookie ?? '').split(/;\s*/).filter(Boolean).map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)] as const);
    if (pairs.length) {
      await context.setCookie(...pairs.map(([name, value]) => ({
        name, value, domain: hostname, path: '/', httpOnly: name !== SIGNED_IN_HINT_COOKIE, sameSite: 'Lax' as const,
      })));
    }
  } finally {
    await browser.disconnect();
  }
}

/**
 * B8: Lighthouse (mobile, default throttling) on one page with the system Chromium; signed-in pages run with the
 * session's cookies in the browser. Scores are 0-100; `failing` lists the audits below full marks in the scored categories.
 */
export async function lighthouse(pages: { label: string; url: string; cookie?: string }[]): Promise<LighthousePage[]> {
  const { launch } = await import('chrome-launcher');
  const run = (await import('lighthouse')).default;
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const out: LighthousePage[] = [];
  try {
    for (const page of pages) {
      await useCookies(chrome.port, page.url, page.cookie);
      const result = await run(page.url, {
        port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result!.lhr;
      const score = (id: keyof LighthouseScores) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = new Set<string>();
      for (const cat of Object.values(lhr.categories)) {
        for (const ref of cat.auditRefs) {
          const a = lhr.audits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.add(`${ref.id} (${Math.round(a.score * 100)})`);
        }
      }
      const summary = lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
      const script = summary?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      out.push({
        label: page.label, url: page.url,
        scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
        vitals: { lcpMs: metric('largest-contentful-paint'), tbtMs: metric('total-blocking-time'), cls: metric('cumulative-layout-shift') },
        failing: [...failing], scriptKb: script / 1024,
      });
    }
  } finally {
    chrome.kill();
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Several runs of one page as one: each score and each metric the median of the runs' (so each goal is judged on its
 * own median, not on one run picked by its performance score, which Lighthouse's own median-run helper warns is
 * outlier-prone), and the audits below full marks in most of the runs.
 */
export function medianOf(runs: LighthousePage[]): LighthousePage {
  const first = runs[0];
  if (!first) throw new Error('no Lighthouse run to take the median of');
  const of = (pick: (r: LighthousePage) => number) => median(runs.map(pick));
  const counts = new Map<string, number>();
  for (const audit of runs.flatMap((r) => r.failing.map((f) => f.replace(/ \(\d+\)$/, '')))) counts.set(audit, (counts.get(audit) ?? 0) + 1);
  return {
    label: first.label, url: first.url,
    scores: { performance: of((r) => r.scores.performance), accessibility: of((r) => r.scores.accessibility), 'best-practices': of((r) => r.scores['best-practices']), seo: of((r) => r.scores.seo) },
    vitals: { lcpMs: of((r) => r.vitals.lcpMs), tbtMs: of((r) => r.vitals.tbtMs), cls: of((r) => r.vitals.cls) },
    failing: [...counts].filter(([, n]) => n * 2 > runs.length).map(([audit]) => audit),
    scriptKb: of((r) => r.scriptKb),
  };
}
