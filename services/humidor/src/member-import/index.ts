/**
 * A humidor CSV's rows read, matched against the catalog and checked (../../README.md): the entry of a module of
 * humidor's layer (shared/src/runtime.ts, SERVICE_LAYER_BUILDS), loaded on the first import preview of a function
 * instance (`loadMemberImport`, handlers/import-export.ts), so the HTTP function's bundle carries none of the CSV
 * reading; locally and in tests it is this source.
 */
export { previewImport } from '../domain/member-import.ts';
