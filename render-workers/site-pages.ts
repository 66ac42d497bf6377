// Moved to core/site-pages.ts (ingest lists the same pages); kept for this service's importers.
export { listSitePages, streamSitePages } from '../core/site-pages.js';
