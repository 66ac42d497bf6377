/**
 * Page status and rollback for editors (docs/architecture.md "Editor tools": when a page was last
 * rendered, why, by which job, its dependency keys and its last error; the previous versions of
 * each page, and a rollback to one of them in one step; ADR 0009).
 *
 *   GET  /admin/pages/status?site=&path=            -> 200 PageStatus
 *   POST /admin/pages/rollback { site?, path, version?, requestedBy? }  -> 200 RollbackResponse
 *
 * Status reads the stored variants (their metadata and sizes), the dependency index, the last
 * render failure the worker recorded (core/page-status.ts), the kept versions
 * (core/page-versions.ts) and the page's fencing counter (core/page-fence.ts).
 *
 * A rollback takes a fencing token like a render, restores every variant of the version (default:
 * the newest kept version that differs from the live page), makes the dependency index describe
 * the restored page again, and purges the page's surrogate key at the CDN. A render that was
 * already running when the editor rolled back holds a lower token and can not overwrite the
 * rollback; any render that starts later (the next content event, schedule or sweep of the page)
 * renders upstream as it is now and replaces it. That is intended: a rollback is a stop-gap, the
 * fix belongs upstream.
 *
 * Both routes need `Authorization: Bearer <ADMIN_TOKEN>` (the admin page calls the same functions
 * with its session cookie).
 */
import type { FastifyPluginCallback } from 'fastify';
import type { RedisClient } from '../core/redis.js';
import { z } from 'zod';
import type { DependencyIndex, PageRef } from '../core/dependency-index.js';
import { PlatformError } from '../core/errors.js';
import { SITE_IDS } from '../core/isomorphic/sites.js';
import type { Logger } from '../core/logger.js';
import { announcePageWrites } from '../core/page-announcements.js';
import { currentPageFence, pageFenceGate, takePageFence } from '../core/page-fence.js';
import { PageRenderLog, PageStatusStore } from '../core/page-status.js';
import { DEFAULT_KEEP_VERSIONS, listVersions, readLiveVariants, restoreVersion, type PageVersion } from '../core/page-versions.js';
import { isVersionId, PAGE_VARIANTS, pageKey, pageSurrogateKey } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import type { PageStatus, RollbackResponse } from './admin-api.js';
import { requireAdmin } from './auth.js';

export type { PageStatus, RollbackResponse };
import { pagePathFromInput } from './republish.js';

/**
 * What a rollback needs from a CDN purger: the shape of core/cdn's Purger, so any of its drivers
 * (or the batching wrapper) can be passed as is.
 */
export interface PagePurger {
  purge(keys: string[]): Promise<unknown>;
}

export interface PageAdminOptions {
  store: ObjectStore;
  index: DependencyIndex;
  /** For the page status records and the fencing counters. */
  redis: RedisClient;
  /** The queue prefix ({hash tag}) the worker uses for fences and page status. */
  prefix: string;
  logger: Logger;
  /** Purges the page at the CDN after a rollback. Without it, readers see the rollback when the cached copy expires. */
  purger?: PagePurger | undefined;
  /** Versions kept per page. Default DEFAULT_KEEP_VERSIONS (10). */
  keepVersions?: number | undefined;
}

export interface RollbackRequest {
  page: PageRef;
  version?: string;
  requestedBy?: string;
}

export interface PageAdmin {
  status(page: PageRef): Promise<PageStatus>;
  rollback(request: RollbackRequest): Promise<RollbackResponse>;
}

function summariseVersion(version: PageVersion): PageStatus['versions'][number] {
  const newest = [...version.variants].sort((a, b) => (a.renderedAt < b.renderedAt ? 1 : -1))[0];
  return { id: version.id, renderedAt: version.renderedAt, reason: newest?.reason ?? '', variants: version.variants.map((v) => v.variant) };
}

/** Header-safe bookkeeping: the stored jobId of a rollback names who asked. */
function rollbackJobId(requestedBy: string | undefined): string {
  const who = (requestedBy ?? 'editor').replace(/[^\x20-\x7E]/g, '?').slice(0, 150);
  return `rollback by ${who}`;
}

const purgeResult = z.object({ ok: z.boolean(), reason: z.string().optional() });

export function createPageAdmin(options: PageAdminOptions): PageAdmin {
  const { store, index, redis, prefix } = options;
  const failures = new PageStatusStore(redis, prefix);
  const renders = new PageRenderLog(redis, prefix);
  const keep = options.keepVersions ?? DEFAULT_KEEP_VERSIONS;
  const log = options.logger.child({ module: 'page-admin' });

  return {
    async status(page) {
      const [live, dependencies, lastError, lastRender, versions, fence] = await Promise.all([
        readLiveVariants(store, page),
        index.keysOf(page),
        failures.read(page),
        renders.read(page),
        listVersions(store, page),
        currentPageFence(redis, page, prefix),
      ]);
      const variants: PageStatus['variants'] = [...live.entries()].map(([variant, object]) => ({
        variant,
        key: pageKey(page.site, page.path, variant),
        bytes: object.body.length,
        contentHash: object.meta.contentHash,
        contentType: object.meta.contentType,
        status: object.meta.status ?? 200,
        renderedAt: object.meta.renderedAt,
        reason: object.meta.reason,
        jobId: object.meta.jobId ?? null,
        fence: object.meta.fence ?? null,
      }));
      const newest = [...variants].sort((a, b) => (new Date(a.renderedAt) < new Date(b.renderedAt) ? 1 : -1))[0];
      return {
        site: page.site,
        path: page.path,
        stored: variants.length > 0,
        lastRendered: newest ? { at: newest.renderedAt, reason: newest.reason, jobId: newest.jobId } : null,
        variants,
        dependencies,
        lastError,
        lastRender,
        versions: versions.map(summariseVersion),
        fence,
      };
    },

    async rollback(request) {
      const { page } = request;
      const fence = await takePageFence(redis, page, prefix);
      // Admitted before anything is read, as a render is (ADR 0023): a render holding a lower token
      // is refused from here on, so none of its variants lands after the rollback read the live
      // page. Every write and delete asks again, so none of the rollback's lands once a render
      // holding a higher token was admitted, a variant that render removed included.
      const guard = pageFenceGate({ redis, prefix }, page, fence);
      await guard();
      // Every variant is announced to the edge routers' hot caches once the rollback has written
      // (ADR 0028), or failed part way. The rollback stands either way: a failed announcement is
      // logged, and an edge that holds the page revalidates it within EDGE_HOT_CACHE_TRUST_MS.
      const announce = () =>
        announcePageWrites(
          redis,
          prefix,
          PAGE_VARIANTS.map((variant) => pageKey(page.site, page.path, variant)),
        ).catch((error: unknown) => log.warn({ error, page }, 'rollback: the write announcement failed'));
      let result: Awaited<ReturnType<typeof restoreVersion>>;
      try {
        result = await restoreVersion(store, page, {
          ...(request.version === undefined ? {} : { version: request.version }),
          fence,
          guard,
          jobId: rollbackJobId(request.requestedBy),
          keep,
        });
      } finally {
        await announce();
      }
      const changed = result.removed.length > 0 || result.restored.some((r) => r.written);
      if (result.stale.length === 0) {
        // The index must describe what is stored: the restored version's data keys.
        const pageKeyName = pageSurrogateKey(page);
        await index.record(
          page,
          result.surrogateKeys.filter((k) => k !== pageKeyName),
        );
      }
      const keys = [pageSurrogateKey(page)];
      let purge: RollbackResponse['purge'] = { keys, ok: null, reason: null };
      if (changed && options.purger) {
        try {
          const answer = purgeResult.safeParse(await options.purger.purge(keys));
          purge = answer.success ? { keys, ok: answer.data.ok, reason: answer.data.reason ?? null } : { keys, ok: true, reason: null };
        } catch (error) {
          // The page is stored either way; the CDN copy expires with its Cache-Control TTL.
          log.warn({ error, page }, 'rollback: CDN purge failed');
          purge = { keys, ok: false, reason: error instanceof Error ? error.message : String(error) };
        }
      } else if (!changed) {
        purge = { keys: [], ok: null, reason: 'nothing changed' };
      } else {
        purge = { keys, ok: null, reason: 'no CDN purger configured' };
      }
      log.info(
        { page, version: result.version, previous: result.previous, fence, requestedBy: request.requestedBy, restored: result.restored.length, removed: result.removed.length, stale: result.stale.length, purged: purge.ok },
        'page rolled back',
      );
      return {
        site: page.site,
        path: page.path,
        version: result.version,
        previous: result.previous,
        restored: result.restored.map(({ variant, key, contentHash, bytes }) => ({ variant, key, contentHash, bytes })),
        removed: result.removed,
        stale: result.stale,
        purge,
      };
    },
  };
}

const siteField = z.enum(SITE_IDS).default('news');

function invalid(error: z.ZodError, what: string): PlatformError {
  const problems = error.issues.map((i) => `${i.path.map(String).join('.') || '(input)'}: ${i.message}`);
  const onlyPath = error.issues.every((i) => i.path[0] === 'path');
  return new PlatformError(onlyPath ? 'INVALID_PATH' : 'INVALID_JOB', `Invalid ${what}: ${problems.join('; ')}`);
}

const statusQuery = z.object({ site: siteField, path: z.string().min(1).max(2048) });

/** Validates `?site=&path=` (path: a page path or URL, as for republish). */
export function parseStatusQuery(data: unknown): PageRef {
  const result = statusQuery.safeParse(data ?? {});
  if (!result.success) throw invalid(result.error, 'page status request');
  return { site: result.data.site, path: pagePathFromInput(result.data.path) };
}

const rollbackBody = z.strictObject({
  site: siteField,
  path: z.string().max(2048),
  version: z
    .string()
    .trim()
    .refine(isVersionId, 'must be a version id from the page status')
    .optional(),
  requestedBy: z.string().trim().min(1).max(200).optional(),
});

/** Validates a rollback body; INVALID_PATH for a bad path, INVALID_JOB for anything else. */
export function parseRollbackRequest(data: unknown): RollbackRequest {
  const result = rollbackBody.safeParse(data ?? {});
  if (!result.success) throw invalid(result.error, 'rollback request');
  const { site, path, version, requestedBy } = result.data;
  return {
    page: { site, path: pagePathFromInput(path) },
    ...(version === undefined ? {} : { version }),
    ...(requestedBy === undefined ? {} : { requestedBy }),
  };
}

export interface PageAdminPluginOptions {
  /** ADMIN_TOKEN. */
  adminToken: string;
  pages: PageAdmin;
}

export const pageAdminPlugin: FastifyPluginCallback<PageAdminPluginOptions> = (app, options, done) => {
  if (options.adminToken.length < 16) {
    done(new PlatformError('CONFIG_INVALID', 'page admin: the admin token must be at least 16 characters'));
    return;
  }
  app.addHook('onRequest', requireAdmin({ token: options.adminToken, allowCookie: false }));

  app.get('/admin/pages/status', async (request, reply) => {
    const page = parseStatusQuery(request.query);
    return await reply.header('cache-control', 'no-store').send(await options.pages.status(page));
  });

  app.post('/admin/pages/rollback', async (request, reply) => {
    const input = parseRollbackRequest(request.body);
    return await reply.header('cache-control', 'no-store').send(await options.pages.rollback(input));
  });
  done();
};
