/**
 * POST /webhooks/content: the CMS tells us content changed (docs/architecture.md, "The path of a change", step 1).
 *
 * Order of checks, so that nothing unauthenticated is parsed, stored or enqueued:
 *   1. size: at most 256 KB (413), enforced by Fastify before the body is read in full;
 *   2. signature: `X-Signature: sha256=<hex>` is HMAC-SHA256(WEBHOOK_SECRET, `<X-Timestamp>.<raw body>`),
 *      compared in constant time; the timestamp must be within 5 minutes of our clock (401);
 *   3. JSON and the event schema (400 INVALID_EVENT naming the field);
 *   4. replay: an event id already accepted within the window is refused (401), remembered in Redis
 *      with SET NX so every ingest replica sees it;
 *   5. plan and enqueue; 202 with the jobs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import type { RedisClient } from '../core/redis.js';
import type { DependencyIndex } from '../core/dependency-index.js';
import { PlatformError } from '../core/errors.js';
import { DEPENDANT_PRIORITY } from '../core/queue.js';
import type { Logger } from '../core/logger.js';
import { parseContentEvent } from './events.js';
import { planRenders, recordDeletions } from './planner.js';
import type { RenderProducer } from './producer.js';
import { redisKeys } from '../core/redis-keys.js';

export const WEBHOOK_PATH = '/webhooks/content';
export const WEBHOOK_MAX_BYTES = 256 * 1024;
/** Replay window: a signed request older or newer than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export interface WebhookPluginOptions {
  /** WEBHOOK_SECRET, shared with the CMS. */
  secret: string;
  producer: RenderProducer;
  index: DependencyIndex;
  /** Non-blocking connection for the replay-protection keys. */
  redis: RedisClient;
  /**
   * Key prefix (with a {hash tag}) for the replay-protection keys. Not `prefix`: Fastify reads
   * that plugin option as a route prefix.
   */
  keyPrefix: string;
  logger: Logger;
  /** Clock in milliseconds; tests move it. */
  now?: () => number;
}

export interface WebhookResponse {
  accepted: true;
  eventId: string;
  jobs: Array<{ site: string; path: string; deduplicated: boolean }>;
}

/** The X-Signature value for a body sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string | Buffer, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `sha256=${mac}`;
}

/** Headers for a signed delivery (tests, the sample CMS, a curl recipe). */
export function webhookHeaders(secret: string, body: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-timestamp': String(timestamp),
    'x-signature': signWebhook(secret, body, timestamp),
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Throws BAD_SIGNATURE unless the signature and timestamp check out. */
export function verifyWebhookSignature(input: {
  secret: string;
  body: Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
  nowMs: number;
  toleranceSeconds?: number;
}): void {
  const tolerance = input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (input.signature === undefined || input.timestamp === undefined) {
    throw new PlatformError('BAD_SIGNATURE', 'Missing X-Signature or X-Timestamp header');
  }
  const ts = /^\d{1,12}$/.test(input.timestamp) ? Number(input.timestamp) : Number.NaN;
  if (!Number.isFinite(ts)) throw new PlatformError('BAD_SIGNATURE', 'X-Timestamp must be unix seconds');
  const given = /^sha256=([0-9a-f]{64})$/i.exec(input.signature.trim())?.[1];
  if (given === undefined) throw new PlatformError('BAD_SIGNATURE', 'X-Signature must be "sha256=<64 hex digits>"');
  const expected = Buffer.from(signWebhook(input.secret, input.body, ts).slice('sha256='.length), 'hex');
  // Both buffers are 32 bytes (the regex above fixes the length), as timingSafeEqual requires.
  if (!timingSafeEqual(Buffer.from(given, 'hex'), expected)) {
    throw new PlatformError('BAD_SIGNATURE', 'Signature does not match the body');
  }
  // Checked after the signature so an unauthenticated caller learns nothing about our clock.
  if (Math.abs(input.nowMs / 1000 - ts) > tolerance) {
    throw new PlatformError('BAD_SIGNATURE', `X-Timestamp is more than ${tolerance / 60} minutes away from the server clock`);
  }
}

export const webhookPlugin: FastifyPluginCallback<WebhookPluginOptions> = (app, options, done) => {
  if (options.secret.length < 16) {
    done(new PlatformError('CONFIG_INVALID', 'webhook: the secret must be at least 16 characters'));
    return;
  }
  const now = options.now ?? Date.now;
  const log = options.logger.child({ module: 'webhook' });

  // The signature covers the raw bytes, so this scope keeps the body as a Buffer and parses JSON
  // only after verifying it. Any content type is accepted: the signature, not the header, decides.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  app.post(WEBHOOK_PATH, { bodyLimit: WEBHOOK_MAX_BYTES }, async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    verifyWebhookSignature({
      secret: options.secret,
      body,
      timestamp: header(request.headers['x-timestamp']),
      signature: header(request.headers['x-signature']),
      nowMs: now(),
    });

    let decoded: unknown;
    try {
      decoded = JSON.parse(body.toString('utf8'));
    } catch (error) {
      throw new PlatformError('INVALID_EVENT', `Body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    const event = parseContentEvent(decoded);

    // The key outlives every request that could still pass the timestamp check (a timestamp up
    // to 5 minutes ahead stays acceptable for 10 minutes).
    const replayKey = redisKeys(options.keyPrefix).webhookEvent(event.id);
    const fresh = await options.redis.set(replayKey, String(now()), 'EX', 2 * WEBHOOK_TOLERANCE_SECONDS, 'NX');
    if (fresh === null) {
      throw new PlatformError('BAD_SIGNATURE', `Event ${JSON.stringify(event.id)} was already accepted (replay refused)`);
    }

    try {
      // Before the jobs: a worker that picks one up must already see the deletion.
      await recordDeletions(event, options.index, { now: new Date(now()) });
      const plan = await planRenders(event, options.index, { now: new Date(now()) });
      // The own page first, in a call of its own: it is queued (and taken by a worker) before
      // the dependants are even added, which then wait behind it (ADR 0041).
      const results = [
        ...(await options.producer.enqueueMany(plan.own)),
        ...(await options.producer.enqueueMany(plan.dependants, { priority: DEPENDANT_PRIORITY })),
      ];
      const jobs = [...plan.own, ...plan.dependants];
      const response: WebhookResponse = {
        accepted: true,
        eventId: event.id,
        jobs: jobs.map((job, i) => ({ site: job.site, path: job.path, deduplicated: results[i]?.deduplicated ?? false })),
      };
      log.info({ eventId: event.id, kind: event.kind, action: event.action, jobs: jobs.length }, 'content event accepted');
      return await reply.status(202).send(response);
    } catch (error) {
      // Nothing (or not everything) was enqueued: let the CMS's retry through.
      await options.redis.del(replayKey).catch(() => undefined);
      throw error;
    }
  });
  done();
};
