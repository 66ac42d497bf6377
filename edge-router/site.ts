/**
 * Which site a request is for. The Spanish edition is a second site with its own origin (spec 1
 * §1), so one edge router can serve both: a request whose Host is in the host map gets that site,
 * every other request the default site.
 */
import type { SiteId } from '../core/isomorphic/sites.js';

export interface SiteResolution {
  defaultSite: SiteId;
  /** Lower-case host name (no port) -> site. */
  siteHosts: Readonly<Record<string, SiteId>>;
}

/** `hostname` as Fastify gives it (no port; the forwarded host when TRUST_PROXY allows it). */
export function resolveSite(hostname: string | undefined, resolution: SiteResolution): SiteId {
  if (!hostname) return resolution.defaultSite;
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return Object.hasOwn(resolution.siteHosts, host) ? (resolution.siteHosts[host] ?? resolution.defaultSite) : resolution.defaultSite;
}
