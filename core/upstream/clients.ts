/**
 * Every upstream reader a render needs, built from one configuration: the main client (articles,
 * categories, layouts, menus, lists, the site map, videos), tags, static pages, shows and live events.
 * One set per edition (`createEditionClients`): each asks upstream for its edition's language
 * (`accept-language`, ADR 0019), so the Spanish edition renders Spanish content.
 */
import { SITE_IDS, SITES, type SiteId } from '../isomorphic/sites.js';
import type { UpstreamConfig } from '../config/upstream.js';
import type { Logger } from '../logger.js';
import { createUpstreamClient, type UpstreamClient } from './client.js';
import { createLiveEventClient, type LiveEventClient } from './live-event-client.js';
import { createShowClient, type ShowClient } from './show-client.js';
import { createStaticPageClient, type StaticPageClient } from './static-page-client.js';
import { createTagClient, type TagClient } from './tag-client.js';

export interface UpstreamClients {
  upstream: UpstreamClient;
  tags: TagClient;
  staticPages: StaticPageClient;
  shows: ShowClient;
  liveEvents: LiveEventClient;
}

export function createUpstreamClients(options: { config: UpstreamConfig; logger: Logger; language?: string }): UpstreamClients {
  return {
    upstream: createUpstreamClient(options),
    tags: createTagClient(options),
    staticPages: createStaticPageClient(options),
    shows: createShowClient(options),
    liveEvents: createLiveEventClient(options),
  };
}

/** The clients of every edition, each sending its site's language (SITES[site].lang). */
export function createEditionClients(options: { config: UpstreamConfig; logger: Logger }): Record<SiteId, UpstreamClients> {
  return Object.fromEntries(SITE_IDS.map((site) => [site, createUpstreamClients({ ...options, language: SITES[site].lang })])) as Record<SiteId, UpstreamClients>;
}
