/** What crawlers read: /robots.txt, the sitemaps and the section RSS feeds (crawler-files.ts). */
import { pageKind } from '../page-kind.js';
import { buildCrawlerFile, isCrawlerPath } from './crawler-files.js';

export const crawlerFilesKind = pageKind({
  id: 'crawler-files',
  claims: isCrawlerPath,
  build: buildCrawlerFile,
});
