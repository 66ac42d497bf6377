/**
 * GET /healthz for load balancers and ops (DESIGN.md, "ops: ... health checks"). Healthy means the
 * object storage answers: a metadata read of one known key (the site's 404 page) within a short
 * timeout. The key does not have to exist; a "no such object" answer proves storage is up.
 * Never cached: a cached "ok" would hide an outage.
 */
import { z } from 'zod';
import { SITE_IDS, type SiteId } from '../../core/isomorphic/sites.js';
import { notFoundPageKey } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { routePlugin } from './define-plugin.js';
import { objectStoreSchema } from './options.js';

export const HEALTH_PATH = '/healthz';

export interface HealthOptions {
  store: ObjectStore;
  /** The site whose 404 page key is probed. */
  site: SiteId;
  /** How long storage may take to answer before the check fails. Default 1000 ms. */
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
    const result = await probe(store, key, timeoutMs);
    reply.header('cache-control', 'no-store');
    if (result.ok) return reply.code(200).send({ status: 'ok' });
    request.log.warn({ reason: result.reason, driver: store.driver }, 'health check failed');
    return reply.code(503).send({ status: 'unavailable', reason: result.reason });
  });
  return Promise.resolve();
});
