/**
 * Decorates every request with `request.site`, picked from the Host header (see ../site.ts).
 * Runs as the first onRequest hook so every later hook, handler and log line knows the site.
 */
import { z } from 'zod';
import { SITE_IDS, type SiteId } from '../../core/isomorphic/sites.js';
import { resolveSite } from '../site.js';
import { appWidePlugin } from './define-plugin.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site this request is for. */
    site: SiteId;
  }
}

const optionsSchema = z.object({
  defaultSite: z.enum(SITE_IDS),
  siteHosts: z.record(z.string().min(1), z.enum(SITE_IDS)).default({}),
});

export interface SiteResolverOptions {
  defaultSite: SiteId;
  /** Host name -> site; matched case-insensitively, without the port. */
  siteHosts?: Record<string, SiteId>;
}

export const siteResolverPlugin = appWidePlugin<SiteResolverOptions>('edge-site-resolver', (app, options) => {
  const parsed = optionsSchema.parse(options);
  const resolution = {
    defaultSite: parsed.defaultSite,
    siteHosts: Object.fromEntries(Object.entries(parsed.siteHosts).map(([host, site]) => [host.toLowerCase(), site])),
  };
  app.decorateRequest('site', parsed.defaultSite);
  app.addHook('onRequest', (request, _reply, done) => {
    request.site = resolveSite(request.hostname, resolution);
    done();
  });
  return Promise.resolve();
});
