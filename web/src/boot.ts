import { startEarlyReads } from '@/lib/early-reads';

/**
 * index.html's first script, built on its own (web/vite.config.ts, `earlyReadsScript`) and loaded async beside the
 * app's bundle: a signed-in page's first reads leave now, not once the bundle has loaded (docs/decisions.md, "First
 * screen").
 */
startEarlyReads();
