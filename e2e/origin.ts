/**
 * The app's origin under test (playwright.config.ts: port 3100, or E2E_PORT for a second run on the same machine):
 * state-changing API calls made outside the page carry it, as the browser would.
 */
export const APP_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
export const originHeaders = { origin: APP_ORIGIN } as const;
