import { Reply, type RouteHandler } from '@torcedor/service-kit/http';
import { memoUntilFailure } from '@torcedor/service-kit/memo';
import type { Routes } from '@torcedor/shared/routes';
import { config } from '../config.ts';

export type ApiReference = typeof import('../api-reference/index.ts');

/**
 * The API reference (the document and its page), imported once on first use from its layer module
 * (`@torcedor/identity/api-reference`, see shared/src/runtime.ts): a function instance that serves neither never loads it.
 */
export const loadApiReference: () => Promise<ApiReference> = memoUntilFailure(() => import('@torcedor/identity/api-reference'));

/** Built on the first request for it, not at cold start (turning every schema into JSON Schema takes a while). */
let openApi: ReturnType<ApiReference['openApiDocument']> | undefined;

export const getOpenApi: RouteHandler<Routes['getOpenApi']> = async () => (openApi ??= (await loadApiReference()).openApiDocument(config.APP_ORIGIN));

export const getApiDocs: RouteHandler<Routes['getApiDocs']> = async () => Reply.html((await loadApiReference()).API_DOCS_PAGE, { 'cache-control': 'no-cache' });
