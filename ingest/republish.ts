/**
 * Editor republish (docs/architecture.md "Editor tools": editors republish a page, a section, a
 * tag or the whole site).
 *
 *   POST /admin/republish   { site?, path, requestedBy? }  -> 202 { jobId, site, path, deduplicated, queuedAfterActive }
 *   POST /admin/republish   { site?, scope, prefix | section | tag, requestedBy? }
 *                           -> 202 { scope: { id, kind, site, value, ... }, pages, enqueued, deduplicated, failed }
 *   GET  /admin/republish/scopes/:id  -> the scope's summary and progress (completed, failed, pending)
 *   GET  /admin/jobs/:id    -> the job's state, attempts, failure reason and timestamps
 *
 * Scopes (which pages):
 *   prefix   every stored page at or below a path ("/politics" covers /politics and /politics/…,
 *            not /politics-extra), listed from object storage
 *   section  the section front /<slug>, every stored page below /<slug>/, and every page that
 *            read the section's article list (dependency index, `list:category:<slug>`)
 *   tag      every page that read the tag or the videos by that tag (`tag:<tag>`, `videos:tag:<tag>`)
 *   site     every page of the upstream site map, the site's crawler files (robots.txt, sitemaps,
 *            feeds) and own pages (core/site-pages.ts), then every stored page not among them
 *
 * Prefixes and sections are listed from storage, not from the dependency index: storage is what
 * readers are served, and it survives a Redis that lost its data (the embedded default runs
 * without persistence), while the index only knows pages rendered since. Its keys are per page, so
 * a prefix lists one directory tree, where the index would be scanned key by key. Tags have no
 * place in the storage layout, so they come from the index, which is exactly "the pages that
 * read it".
 *
 * The whole site starts from the upstream site map, read as a stream like the nightly sweep's, so
 * the first publish into an empty store publishes everything (ADR 0022) and a page new upstream is
 * published even if no event announced it. Storage is listed after it, because the site map does
 * not hold every page a reader can be served: pages rendered on a miss (ADR 0018), pages of kinds
 * the site map leaves out, and pages gone from upstream, whose render removes them when a delete
 * event recorded it (render-page.ts) or keeps them otherwise. A whole-site republish after a
 * template change must re-render all of those too. A path is queued once per scope: a set in Redis
 * (per scope, deleted when the scope is queued) remembers what was queued, so ingest holds one
 * batch of paths at a time whatever the size of the site.
 *
 * A listing that fails part-way (the site map's upstream, storage) stops the scope where it is:
 * what was queued stays queued and is followed by the scope's progress, and the answer says why
 * the listing stopped (`listingFailed`), so a caller can tell a partial publish from a whole one.
 *
 * A single page is republished with PRIORITY.republish (1, first of all). A scope's jobs carry
 * the reason 'bulk-republish' (PRIORITY['bulk-republish']: after content events, render-on-miss and schedules,
 * before sweeps), so an editor's whole-site republish can not starve a single-page republish, a
 * breaking-news edit or the home page's minute schedule. Scope jobs are added in batches of
 * SCOPE_BATCH with BullMQ addBulk and coalesce with pending renders of the same page like any job.
 *
 * A republish of a page that is rendering right now waits behind that render and only becomes a
 * BullMQ job when it finishes (producer.ts); until then its state is QUEUED_AFTER_ACTIVE.
 *
 * All need `Authorization: Bearer <ADMIN_TOKEN>`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import type { Job, Queue } from 'bullmq';
import type { RedisClient } from '../core/redis.js';
import { z } from 'zod';
import type { DependencyIndex } from '../core/dependency-index.js';
import { isPlatformError, PlatformError } from '../core/errors.js';
import { SITE_IDS, type SiteId } from '../core/isomorphic/sites.js';
import type { Logger } from '../core/logger.js';
import { parseRenderJob, type RenderJob } from '../core/queue.js';
import { normalisePagePath, pagePrefix, parseKey, variantFromRequestPath } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import { streamSitePages } from '../core/site-pages.js';
import { dataKeys } from '../core/upstream/data-keys.js';
import type { UpstreamClient } from '../core/upstream/client.js';
import { SCOPE_KINDS, type JobOutcome, type JobStatus, type RepublishResponse, type ScopeKind, type ScopeProgress, type ScopeResponse, type ScopeSummary } from './admin-api.js';
import { requireAdmin } from './auth.js';
import { QUEUED_AFTER_ACTIVE } from './job-state.js';
import { findQueuedAfterActive, type EnqueueResult, type RenderProducer } from './producer.js';
import { queueKeys } from '../core/redis-keys.js';

export interface RepublishPluginOptions {
  /** ADMIN_TOKEN. */
  adminToken: string;
  producer: RenderProducer;
  /** The render queue, to report on jobs. */
  queue: Queue;
  logger: Logger;
  /** Pages by tag and section (which pages read a data key). Without it, those scopes are refused. */
  index?: DependencyIndex;
  /** Stored pages by prefix, section and site. Without it, those scopes are refused. */
  store?: ObjectStore;
  /** Where a scope's job ids are kept for progress look-ups; required for scopes. */
  redis?: RedisClient;
  /** The upstream site map, where a whole-site republish starts. Without it, that scope is refused. */
  siteMap?: SiteMapSource;
}

/** What a whole-site republish reads of upstream: its site map, one page at a time. */
export type SiteMapSource = Pick<UpstreamClient, 'streamSiteEntries'>;

/** Jobs added per BullMQ addBulk call for a scope. */
export const SCOPE_BATCH = 500;
/** How long a scope's summary and job ids are kept for progress look-ups. */
const SCOPE_TTL_S = 24 * 3600;

export interface RepublishRequest {
  site: SiteId;
  path: string;
  requestedBy?: string;
}


export { SCOPE_KINDS };
export type { JobOutcome, JobStatus, RepublishResponse, ScopeKind, ScopeProgress, ScopeResponse, ScopeSummary };

export interface ScopeRequest {
  site: SiteId;
  kind: ScopeKind;
  /** The normalised prefix path, section slug or tag; '' for the whole site. */
  value: string;
  requestedBy?: string;
}

const SECTION_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
// A tag as the upstream names it (spec 1 §7 tag paths, video tags): printable, no spaces.
const TAG = /^[\x21-\x7E]{1,300}$/;

const scopeBody = z.discriminatedUnion('scope', [
  z.strictObject({ scope: z.literal('prefix'), site: z.enum(SITE_IDS).default('news'), prefix: z.string().max(2048), requestedBy: z.string().trim().min(1).max(200).optional() }),
  z.strictObject({
    scope: z.literal('section'),
    site: z.enum(SITE_IDS).default('news'),
    section: z.string().trim().regex(SECTION_SLUG, 'must be a section slug such as "politics"'),
    requestedBy: z.string().trim().min(1).max(200).optional(),
  }),
  z.strictObject({
    scope: z.literal('tag'),
    site: z.enum(SITE_IDS).default('news'),
    tag: z.string().trim().regex(TAG, 'must be a tag without spaces, at most 300 characters'),
    requestedBy: z.string().trim().min(1).max(200).optional(),
  }),
  z.strictObject({ scope: z.literal('site'), site: z.enum(SITE_IDS).default('news'), requestedBy: z.string().trim().min(1).max(200).optional() }),
]);

/** True when a request body names a scope (anything but a single page). */
export function isScopeRequest(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'scope' in data && data.scope !== 'page';
}

/** Validates a scope request body: INVALID_PATH for a bad prefix, INVALID_JOB for anything else. */
export function parseScopeRequest(data: unknown): ScopeRequest {
  const result = scopeBody.safeParse(data ?? {});
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`);
    throw new PlatformError('INVALID_JOB', `Invalid republish request: ${problems.join('; ')}`);
  }
  const body = result.data;
  const by = body.requestedBy === undefined ? {} : { requestedBy: body.requestedBy };
  switch (body.scope) {
    case 'prefix': {
      const prefix = pagePathFromInput(body.prefix);
      if (prefix === '/') throw new PlatformError('INVALID_PATH', 'The prefix "/" is the whole site: ask for the scope "site" instead');
      return { site: body.site, kind: 'prefix', value: prefix, ...by };
    }
    case 'section':
      return { site: body.site, kind: 'section', value: body.section, ...by };
    case 'tag':
      return { site: body.site, kind: 'tag', value: body.tag, ...by };
    case 'site':
      return { site: body.site, kind: 'site', value: '', ...by };
  }
}

/** The page paths stored under a storage prefix of `site` (crawler files and feeds by their public paths). */
async function* storedPages(store: ObjectStore, listPrefix: string, site: SiteId): AsyncGenerator<string> {
  for await (const key of store.list(listPrefix)) {
    const parsed = parseKey(key);
    if (!parsed || !('site' in parsed) || parsed.site !== site) continue;
    if (parsed.kind === 'page') yield parsed.path;
    // Crawler files and feeds are rendered by the jobs of their public paths (render-page.ts).
    else if (parsed.kind === 'root') yield `/${parsed.file}`;
    else if (parsed.kind === 'feed') yield `/rss/${parsed.section}.xml`;
  }
}

/** A dependency only scopes need; a single-page republish works without them. */
function needs<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new PlatformError('CONFIG_INVALID', `republish: scopes need ${what}, which this admin server was not given (ingest/app.ts options)`);
  return value;
}

export interface ScopeSources {
  store?: ObjectStore | undefined;
  index?: DependencyIndex | undefined;
  siteMap?: SiteMapSource | undefined;
}

/**
 * The page paths a scope covers, as a stream read while the jobs go out; a path may come more
 * than once (republishScope queues it once). Throws CONFIG_INVALID at once when a source the
 * scope needs was not given; a source failing while it is read fails the stream.
 */
export function pathsInScope(request: ScopeRequest, deps: ScopeSources): AsyncIterable<string> {
  const { site } = request;
  switch (request.kind) {
    case 'prefix': {
      const store = needs(deps.store, 'object storage');
      return storedPages(store, pagePrefix(site, request.value), site);
    }
    case 'section': {
      const store = needs(deps.store, 'object storage');
      const index = needs(deps.index, 'the dependency index');
      const front = `/${request.value}`;
      return (async function* () {
        yield front;
        yield* storedPages(store, pagePrefix(site, front), site);
        for (const ref of await index.pagesFor([dataKeys.categoryList(request.value)])) if (ref.site === site) yield ref.path;
      })();
    }
    case 'tag': {
      const index = needs(deps.index, 'the dependency index');
      return (async function* () {
        for (const ref of await index.pagesFor([dataKeys.tag(request.value), dataKeys.videosByTag(request.value)])) if (ref.site === site) yield ref.path;
      })();
    }
    case 'site': {
      const siteMap = needs(deps.siteMap, 'the upstream site map');
      const store = needs(deps.store, 'object storage');
      return (async function* () {
        for await (const ref of streamSitePages(siteMap, [site])) yield ref.path;
        // What storage holds beyond the site map (see the top of this file).
        yield* storedPages(store, `${site}/pages/`, site);
        yield* storedPages(store, `${site}/root/`, site);
        yield* storedPages(store, `${site}/feeds/`, site);
      })();
    }
  }
}

/** summary: the scope's answer; jobs: its job ids; queued: the paths queued so far, while it is being queued. */
function scopeKey(queue: Queue, id: string, part: 'summary' | 'jobs' | 'queued'): string {
  return queueKeys(queue).republishScope(id, part);
}

export interface ScopeRepublishDeps extends ScopeSources {
  producer: RenderProducer;
  queue: Queue;
  redis: RedisClient;
  logger: Logger;
  now?: Date;
}

/**
 * Enqueues every page of a scope, in batches of SCOPE_BATCH read from its stream, with the reason
 * 'bulk-republish', each path once, and keeps the job ids for progress look-ups. A batch Redis
 * refuses is counted as failed and logged; the others go on. A listing that fails part-way ends
 * the scope there, with `listingFailed` saying why.
 */
export async function republishScope(request: ScopeRequest, deps: ScopeRepublishDeps): Promise<ScopeResponse> {
  const now = deps.now ?? new Date();
  const scope: ScopeSummary = {
    id: `s-${randomUUID()}`,
    kind: request.kind,
    site: request.site,
    value: request.value,
    requestedBy: request.requestedBy ?? 'editor',
    requestedAt: now.toISOString(),
  };
  const paths = pathsInScope(request, deps);
  const client = deps.redis;
  const response: ScopeResponse = { scope, pages: 0, enqueued: 0, deduplicated: 0, failed: 0, listingFailed: null };
  const log = deps.logger.child({ module: 'republish', scope: scope.id });
  const queuedKey = scopeKey(deps.queue, scope.id, 'queued');
  const jobsKey = scopeKey(deps.queue, scope.id, 'jobs');

  const queueBatch = async (listed: string[]): Promise<void> => {
    // SADD answers 1 for a path this scope has not queued yet.
    const tx = client.pipeline();
    for (const path of listed) tx.sadd(queuedKey, path);
    tx.expire(queuedKey, SCOPE_TTL_S);
    const replies = (await tx.exec()) ?? [];
    for (const [error] of replies) if (error) throw error;
    const batch = listed.filter((_, i) => replies[i]?.[1] === 1);
    if (batch.length === 0) return;
    response.pages += batch.length;
    const jobs: RenderJob[] = batch.map((path) => ({
      site: request.site,
      path,
      reason: 'bulk-republish',
      // The dashboard and the page status show who asked, and which scope it belongs to.
      requestedBy: `${scope.requestedBy.slice(0, 150)} (${scope.kind} ${scope.id})`,
      requestedAt: scope.requestedAt,
    }));
    let results: EnqueueResult[];
    try {
      results = await deps.producer.enqueueMany(jobs);
    } catch (error) {
      log.error({ error, first: batch[0], count: batch.length }, 'republish scope: a batch could not be enqueued');
      response.failed += batch.length;
      return;
    }
    const ids = results.flatMap((r) => (r.jobId === undefined ? [] : [r.jobId]));
    for (const result of results) {
      if (result.jobId === undefined) response.failed += 1;
      else if (result.deduplicated) response.deduplicated += 1;
      else response.enqueued += 1;
    }
    if (ids.length > 0) await client.multi().rpush(jobsKey, ...ids).expire(jobsKey, SCOPE_TTL_S).exec();
  };

  const listing = paths[Symbol.asyncIterator]();
  try {
    let listed: string[] = [];
    for (;;) {
      let next: IteratorResult<string>;
      try {
        next = await listing.next();
      } catch (error) {
        response.listingFailed = isPlatformError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
        log.error({ error, listedSoFar: response.pages + listed.length }, 'republish scope: listing its pages failed part-way; the pages listed so far are queued');
        break;
      }
      if (next.done === true) break;
      listed.push(next.value);
      if (listed.length >= SCOPE_BATCH) {
        await queueBatch(listed);
        listed = [];
      }
    }
    if (listed.length > 0) await queueBatch(listed);
  } finally {
    // Stops a listing left part-way by a failed batch (closes its storage or site-map walk).
    await listing.return?.();
    // Not while the connection is down (a batch failed on it): the command would wait for it, and
    // the set expires anyway.
    if (client.status === 'ready') {
      await client.del(queuedKey).catch((error: unknown) => log.warn({ error }, 'republish scope: could not delete its set of queued paths (it expires in a day)'));
    }
  }
  await client.set(scopeKey(deps.queue, scope.id, 'summary'), JSON.stringify(response), 'EX', SCOPE_TTL_S);
  if (response.listingFailed === null) log.info({ ...response }, 'republish scope enqueued');
  else log.warn({ ...response }, 'republish scope enqueued part of its pages: the listing failed');
  return response;
}

const storedScope = z.object({
  scope: z.object({
    id: z.string(),
    kind: z.enum(SCOPE_KINDS),
    site: z.enum(SITE_IDS),
    value: z.string(),
    requestedBy: z.string(),
    requestedAt: z.string(),
  }),
  pages: z.number(),
  enqueued: z.number(),
  deduplicated: z.number(),
  failed: z.number(),
  // Absent from the summaries of an older ingest.
  listingFailed: z.string().nullable().default(null),
});

/**
 * A scope's summary and how far its jobs got, or null when it is unknown (or older than a day).
 * A job that is gone (removed after completing) counts as completed unless it is still queued
 * behind a running render of its page.
 */
export async function scopeProgress(queue: Queue, client: RedisClient, id: string): Promise<ScopeProgress | null> {
  const raw = await client.get(scopeKey(queue, id, 'summary'));
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const summary = storedScope.safeParse(json);
  if (!summary.success) return null;
  const ids = [...new Set(await client.lrange(scopeKey(queue, id, 'jobs'), 0, -1))];
  const progress = { total: ids.length, completed: 0, failed: 0, pending: 0 };
  const completedKey = queue.toKey('completed');
  const failedKey = queue.toKey('failed');
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    const tx = client.pipeline();
    for (const jobId of chunk) tx.zscore(completedKey, jobId).zscore(failedKey, jobId).exists(queue.toKey(jobId));
    const replies = (await tx.exec()) ?? [];
    for (const [i, jobId] of chunk.entries()) {
      const [completed, failed, exists] = [replies[i * 3]?.[1], replies[i * 3 + 1]?.[1], replies[i * 3 + 2]?.[1]];
      if (completed !== null && completed !== undefined) progress.completed += 1;
      else if (failed !== null && failed !== undefined) progress.failed += 1;
      else if (exists === 1 || (await findQueuedAfterActive(queue, jobId)) !== null) progress.pending += 1;
      else progress.completed += 1;
    }
  }
  return { ...summary.data, progress };
}

const renderResult = z.looseObject({ kind: z.string(), written: z.array(z.string()).default([]), unchanged: z.array(z.string()).default([]), kept: z.array(z.string()).optional() });

/** The outcome of a job's return value (the worker's RenderOutcome), or null when it has none. */
export function jobOutcome(returnValue: unknown, path: string | null): JobOutcome | null {
  const parsed = renderResult.safeParse(returnValue);
  if (!parsed.success) return null;
  const { kind, written, unchanged } = parsed.data;
  const kept = parsed.data.kept?.length ?? 0;
  const where = path ?? 'this path';
  let summary: string;
  if (kind === 'not-found') summary = `No page exists at ${where}: the CMS has no content there, so nothing was published. Check the path for a typo.`;
  else if (kept > 0) summary = `Rendered as ${kind}, but some of its data could not be read: the stored page was kept as it was. It is retried automatically.`;
  else if (written.length > 0) summary = `Published: ${kind}, ${written.length} object(s) written.`;
  else summary = `Already current: ${kind} rendered again with nothing changed, so nothing was written.`;
  return { kind, written: written.length, unchanged: unchanged.length, kept, summary };
}

/**
 * What an editor pastes: a path, or a full URL of the page or of one of its variants ("...amp",
 * "...print"). Query and fragment are dropped; the result is a normalised page path, or
 * INVALID_PATH with the reason.
 */
export function pagePathFromInput(input: string): string {
  let path = input.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      throw new PlatformError('INVALID_PATH', `Not a valid URL: ${JSON.stringify(input.slice(0, 100))}`);
    }
  }
  path = path.replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) {
    throw new PlatformError('INVALID_PATH', `A page path must start with "/" (got ${JSON.stringify(input.slice(0, 100))})`);
  }
  return normalisePagePath(variantFromRequestPath(path).path);
}

const republishBody = z.strictObject({
  site: z.enum(SITE_IDS).default('news'),
  path: z.string().max(2048),
  requestedBy: z.string().trim().min(1).max(200).optional(),
});

/** Validates a republish request body; INVALID_PATH for a bad path, INVALID_JOB for anything else. */
export function parseRepublishRequest(data: unknown): RepublishRequest {
  const result = republishBody.safeParse(data ?? {});
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`);
    const onlyPath = result.error.issues.every((i) => i.path[0] === 'path');
    throw new PlatformError(onlyPath ? 'INVALID_PATH' : 'INVALID_JOB', `Invalid republish request: ${problems.join('; ')}`);
  }
  return { ...result.data, path: pagePathFromInput(result.data.path) };
}

/** The republish job for a request (shared by the JSON API and the admin page form). */
export function republishJob(request: RepublishRequest, now = new Date()): RenderJob {
  return {
    site: request.site,
    path: request.path,
    reason: 'republish',
    requestedBy: request.requestedBy ?? 'editor',
    requestedAt: now.toISOString(),
  };
}

const iso = (ms: number | undefined): string | null => (ms === undefined || ms === 0 ? null : new Date(ms).toISOString());

function payload(data: unknown): RenderJob | null {
  try {
    return parseRenderJob(data);
  } catch {
    // A foreign or older job: report its state anyway, without the payload.
    return null;
  }
}

/** Reads of a job moving under a status look-up before the last one is answered as it stands. */
const STATUS_READ_TRIES = 3;

/** Whether two reads of a job show it at the same point of its life. */
function sameProgress(a: Job, b: Job): boolean {
  return a.attemptsMade === b.attemptsMade && a.processedOn === b.processedOn && a.finishedOn === b.finishedOn && a.failedReason === b.failedReason;
}

export async function jobStatus(queue: Queue, id: string): Promise<JobStatus | null> {
  let job = await queue.getJob(id);
  if (!job) {
    const queued = await findQueuedAfterActive(queue, id);
    if (queued) {
      const data = payload(queued.data);
      return {
        id,
        state: QUEUED_AFTER_ACTIVE,
        site: data?.site ?? null,
        path: data?.path ?? null,
        reason: data?.reason ?? null,
        requestedBy: data?.requestedBy ?? null,
        attempts: 0,
        maxAttempts: queued.attempts ?? 1,
        failedReason: null,
        // Not created yet: BullMQ creates the job when the running render finishes.
        timestamps: { created: null, processed: null, finished: null },
        outcome: null,
      };
    }
    // The running render may have finished between the two look-ups, turning the request into a
    // job (the change is atomic in BullMQ, and never goes back): look once more.
    job = await queue.getJob(id);
    if (!job) return null;
  }
  // The job and its state are two reads; a worker may move the job in between (start it, fail
  // an attempt, finish it). Read the job again after the state and answer only when both reads of
  // the job agree, so the attempt count, reason and times go with the state reported.
  let state = await job.getState();
  for (let tries = 0; tries < STATUS_READ_TRIES; tries += 1) {
    const again = await queue.getJob(id);
    // Gone meanwhile (removed by retention or by an operator): there is nothing to report.
    if (!again) return null;
    if (sameProgress(job, again)) break;
    job = again;
    state = await job.getState();
  }
  const data = payload(job.data);
  return {
    id,
    state,
    site: data?.site ?? null,
    path: data?.path ?? null,
    reason: data?.reason ?? null,
    requestedBy: data?.requestedBy ?? null,
    attempts: job.attemptsMade,
    maxAttempts: job.opts.attempts ?? 1,
    failedReason: job.failedReason === undefined || job.failedReason === '' ? null : job.failedReason,
    timestamps: { created: iso(job.timestamp), processed: iso(job.processedOn), finished: iso(job.finishedOn) },
    outcome: state === 'completed' ? jobOutcome(job.returnvalue, data?.path ?? null) : null,
  };
}

export const republishPlugin: FastifyPluginCallback<RepublishPluginOptions> = (app, options, done) => {
  if (options.adminToken.length < 16) {
    done(new PlatformError('CONFIG_INVALID', 'republish: the admin token must be at least 16 characters'));
    return;
  }
  const log = options.logger.child({ module: 'republish' });
  app.addHook('onRequest', requireAdmin({ token: options.adminToken, allowCookie: false }));

  app.post('/admin/republish', async (request, reply) => {
    if (isScopeRequest(request.body)) {
      const scope = parseScopeRequest(request.body);
      const redis = needs(options.redis, 'a Redis connection');
      const result = await republishScope(scope, {
        producer: options.producer,
        queue: options.queue,
        redis,
        logger: options.logger,
        store: options.store,
        index: options.index,
        siteMap: options.siteMap,
      });
      return await reply.status(202).send(result);
    }
    const input = parseRepublishRequest(request.body);
    const result = await options.producer.enqueue(republishJob(input));
    log.info({ site: input.site, path: input.path, requestedBy: input.requestedBy, ...result }, 'republish requested');
    const response: RepublishResponse = {
      jobId: result.jobId,
      site: input.site,
      path: input.path,
      deduplicated: result.deduplicated,
      queuedAfterActive: result.queuedAfterActive,
    };
    return await reply.status(202).send(response);
  });

  app.get<{ Params: { id: string } }>('/admin/republish/scopes/:id', async (request, reply) => {
    const id = request.params.id;
    if (!/^s-[A-Za-z0-9-]{1,100}$/.test(id)) throw new PlatformError('INVALID_JOB', `Invalid scope id ${JSON.stringify(id.slice(0, 100))}`);
    const progress = await scopeProgress(options.queue, needs(options.redis, 'a Redis connection'), id);
    if (!progress) throw new PlatformError('JOB_NOT_FOUND', `No republish scope ${id}: it was requested more than a day ago, or never`);
    return await reply.header('cache-control', 'no-store').send(progress);
  });

  app.get<{ Params: { id: string } }>('/admin/jobs/:id', async (request, reply) => {
    const id = request.params.id;
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new PlatformError('INVALID_JOB', `Invalid job id ${JSON.stringify(id.slice(0, 100))}`);
    const status = await jobStatus(options.queue, id);
    if (!status) {
      throw new PlatformError('JOB_NOT_FOUND', `No job ${id}: it finished more than a day ago, or a newer request for the same page replaced it`);
    }
    return await reply.send(status);
  });
  done();
};
