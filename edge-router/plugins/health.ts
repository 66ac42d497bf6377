/**
 * Health for load balancers, orchestrators, the CDN and ops (docs/architecture.md, "What it is for": operators get health checks):
 *
 *   GET /healthz  liveness: the process answers. Never touches storage, so a storage outage does
 *                 not make an orchestrator restart every edge router (which would not help).
 *   GET /readyz   readiness: object storage answers a metadata read of one known key (the site's
 *                 404 page) within a short timeout; 503 with a reason otherwise. The key does not
 *                 have to exist: "no such object" proves storage is up. Varnish probes it
 *                 (infra/varnish/default.vcl): while it fails, Varnish serves its stale copies.
 *
 * Both are never cached: a cached "ok" would hide an outage.
 */
import { z } from 'zod';
import { SITE_IDS, type SiteId } from '../../core/isomorphic/sites.js';
import { notFoundPageKey } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { routePlugin } from './define-plugin.js';
import { objectStoreSchema } from './options.js';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

export interface HealthOptions {
  store: ObjectStore;
  /** The site whose 404 page key is probed. */
  site: SiteId;
  /** How long storage may take to answer before the readiness check fails. Default 1000 ms. */
  timeoutMs?: number;
}

const optionsSchema = z.object({
  store: objectStoreSchema,
  site: z.enum(SITE_IDS),
  timeoutMs: z.number().int().positive().max(30_000).default(1000),
});

type Probe = { ok: true } | { ok: false; reason: string };

async function probe(store: ObjectStore, key: string, timeoutMs: number): Promise<Probe> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Probe>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: `storage did not answer within ${timeoutMs} ms` }), timeoutMs);
  });
  // Through a promise chain so a driver that throws synchronously is a failed check too.
  const check = Promise.resolve()
    .then(() => store.head(key))
    .then(
      (): Probe => ({ ok: true }),
      (): Probe => ({ ok: false, reason: 'storage failed' }),
    );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthPlugin = routePlugin<HealthOptions>('edge-health', (app, options) => {
  const { store, site, timeoutMs } = optionsSchema.parse(options);
  const key = notFoundPageKey(site);

  app.get(HEALTH_PATH, async (request, reply) => {
    request.routeKind = 'health';
    return reply.code(200).header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get(READY_PATH, async (request, reply) => {
    request.routeKind = 'health';
    const result = await probe(store, key, timeoutMs);
    reply.header('cache-control', 'no-store');
    if (result.ok) return reply.code(200).send({ status: 'ready' });
    request.log.warn({ reason: result.reason, driver: store.driver }, 'readiness check failed');
    return reply.code(503).send({ status: 'unavailable', reason: result.reason });
  });
  return Promise.resolve();
});
