/**
 * Builders of the data keys an upstream read records (DESIGN.md "Dependency index";
 * docs/upstream-contract.md lists which call records which key). The upstream client records
 * them while a page renders; ingest builds the same keys from a content-change event, so both
 * sides import them from here instead of writing the strings twice.
 */
export const dataKeys = {
  /** A found article, by its upstream id. */
  article: (id: string) => `article:${id}`,
  /** An article read by path, found or not: publishing an article at that path re-renders the reader. */
  articlePath: (path: string) => `article-path:${path}`,
  category: (path: string) => `category:${path}`,
  layout: (subtype: string, elementId: string) => `layout:${subtype}:${elementId}`,
  /** The four nav layouts (header, More, mobile, topic bar) together. */
  menu: () => 'menu',
  legalLinks: () => 'legal-links',
  /** A list of one section's articles (article search with a category). */
  categoryList: (slug: string) => `list:category:${slug}`,
  /** A list of the latest articles of the whole site (article search without a category). */
  latestList: () => 'list:latest',
  person: (slug: string) => `person:${slug}`,
  show: (id: string) => `show:${id}`,
  tag: (path: string) => `tag:${path}`,
  staticPage: (path: string) => `static-page:${path}`,
  liveEvent: (path: string) => `live-event:${path}`,
  videosByTag: (tag: string) => `videos:tag:${tag}`,
  video: (externalId: string) => `video:${externalId}`,
  schedule: (channel: string) => `schedule:${channel}`,
  liveBlog: (eventCode: string) => `live-blog:${eventCode}`,
  aggregate: (sparkId: string) => `aggregate:${sparkId}`,
} as const;
