/**
 * Editor republish (DESIGN.md, "who uses it": editors republish a page and see when it went live).
 *
 *   POST /admin/republish   { site?, path, requestedBy? }  -> 202 { jobId, site, path, deduplicated, queuedAfterActive }
 *   GET  /admin/jobs/:id    -> the job's state, attempts, failure reason and timestamps
 *
 * A republish of a page that is rendering right now waits behind that render and only becomes a
 * BullMQ job when it finishes (producer.ts); until then its state is QUEUED_AFTER_ACTIVE.
 *
 * Both need `Authorization: Bearer <ADMIN_TOKEN>`. Republish jobs have the highest priority
 * (core/queue.ts PRIORITY.republish = 1).
 */
import type { FastifyPluginCallback } from 'fastify';
import type { Queue } from 'bullmq';
import { z } from 'zod';
import { PlatformError } from '../core/errors.js';
import { SITE_IDS, type SiteId } from '../core/isomorphic/sites.js';
import type { Logger } from '../core/logger.js';
import { parseRenderJob, type RenderJob } from '../core/queue.js';
import { normalisePagePath, variantFromRequestPath } from '../core/storage/keys.js';
import { requireAdmin } from './auth.js';
import { QUEUED_AFTER_ACTIVE } from './job-state.js';
import { findQueuedAfterActive, type RenderProducer } from './producer.js';

export interface RepublishPluginOptions {
  /** ADMIN_TOKEN. */
  adminToken: string;
  producer: RenderProducer;
  /** The render queue, to report on jobs. */
  queue: Queue;
  logger: Logger;
}

export interface RepublishRequest {
  site: SiteId;
  path: string;
  requestedBy?: string;
}

export interface RepublishResponse {
  jobId: string | undefined;
  site: SiteId;
  path: string;
  deduplicated: boolean;
  queuedAfterActive: boolean;
}

export interface JobStatus {
  id: string;
  /** A BullMQ job state, or QUEUED_AFTER_ACTIVE. */
  state: string;
  site: string | null;
  path: string | null;
  reason: string | null;
  requestedBy: string | null;
  /** Attempts made so far, and allowed in all. */
  attempts: number;
  maxAttempts: number;
  failedReason: string | null;
  /** ISO times: queued, started (last attempt), finished. */
  timestamps: { created: string | null; processed: string | null; finished: string | null };
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
      };
    }
    // The running render may have finished between the two look-ups, turning the request into a
    // job (the change is atomic in BullMQ, and never goes back): look once more.
    job = await queue.getJob(id);
    if (!job) return null;
  }
  const data = payload(job.data);
  return {
    id,
    state: await job.getState(),
    site: data?.site ?? null,
    path: data?.path ?? null,
    reason: data?.reason ?? null,
    requestedBy: data?.requestedBy ?? null,
    attempts: job.attemptsMade,
    maxAttempts: job.opts.attempts ?? 1,
    failedReason: job.failedReason === undefined || job.failedReason === '' ? null : job.failedReason,
    timestamps: { created: iso(job.timestamp), processed: iso(job.processedOn), finished: iso(job.finishedOn) },
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
