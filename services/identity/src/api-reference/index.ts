/**
 * The API reference (docs/api.md): the OpenAPI document generated from the routes manifest and the page that renders
 * it for people. The entry of a module of identity's layer (shared/src/runtime.ts, SERVICE_LAYER_BUILDS), loaded on the
 * first request for either (`loadApiReference`, handlers/api-docs.ts), so the HTTP function's bundle carries none of the
 * JSON Schema generation; locally and in tests it is this source.
 */
export { openApiDocument } from '@torcedor/shared/openapi';
export { API_DOCS_PAGE } from './page.ts';
