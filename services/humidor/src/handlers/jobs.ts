import { announcePage, CATALOG_ANNOUNCE_JOB } from '../store/catalog-announce.ts';

/**
 * humidor's paged jobs by name (docs/architecture.md, "Jobs"): the minute schedule continues a catalog announcement an
 * import left unfinished (store/catalog-announce.ts).
 */
export const jobPages = { [CATALOG_ANNOUNCE_JOB]: announcePage() };
