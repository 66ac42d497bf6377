/**
 * The recovery sweep (ADR 0024). A render failing on upstream
 * or storage retries for the worker's retry window (retry-policy.ts); one still failing after that
 * fails for good, and its page waits in the recovery set of core/page-status.ts. Every
 * `intervalMs` this sweep reads up to `batch` of those pages (the longest waiting first), asks
 * each dependency they failed on whether it answers again (one cheap probe per dependency, only
 * when a page waits on it), and queues the pages of the dependencies that answer with reason
 * `recovery`. So no page stays stale after an outage clears, without anyone acting.
 *
 * - It runs in the render worker process: the probes must see storage and upstream as the renders
 *   do (the same credentials, mounts and network; storage must take a write, which only the
 *   worker is sure to be allowed), and the worker is where the failures were recorded.
 * - Several worker replicas run it; each run takes a Redis lock that lives just under one interval
 *   (SET NX PX), so about one run per interval happens across all of them.
 * - Rate-limited by `batch` per run; a page waiting on a dependency that still fails stays in the
 *   set and costs nothing but its share of one probe.
 * - Deduplicated: the jobs carry the render queue's coalescing id (core/queue.ts), so a page with
 *   a render already queued joins it. A queued page leaves the set; its next failure or success
 *   updates the record again.
 * - A probe answers for a whole dependency, not for every call a page makes: a page whose own
 *   part of the upstream still fails fails again, retries for another window, and comes back
 *   here. That bounds the cost of a narrower outage at one probe per run.
 */
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Logger } from '../core/logger.js';
import type { PageStatusStore, RecoveryCandidate } from '../core/page-status.js';
import { renderJobName, renderJobOptions, type RenderJob } from '../core/queue.js';
import type { RedisClient } from '../core/redis.js';
import { STORAGE_PROBE_KEY } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import { contentHash } from '../core/storage/write.js';
import { NAV_SUBTYPE, type UpstreamClient } from '../core/upstream/client.js';
import { redisKeys } from '../core/redis-keys.js';

export interface RecoverySweepSettings {
  /** How often the sweep runs (across every replica). Default 60 s. */
  intervalMs: number;
  /** Pages queued again per run at most. Default 500. */
  batch: number;
}

export const DEFAULT_RECOVERY_SWEEP: RecoverySweepSettings = { intervalMs: 60_000, batch: 500 };

/** How long a probe may take before it counts as failed. */
export const PROBE_TIMEOUT_MS = 10_000;

export const DEPENDENCIES = ['upstream', 'storage'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

/** One cheap call per dependency: resolves when it answers, rejects when it still fails. */
export type RecoveryProbes = Record<Dependency, () => Promise<void>>;

/** The dependency a failure code names (retry-policy.ts DEPENDENCY_FAILURES). */
export function dependencyOf(code: string): Dependency {
  return code === 'STORAGE_FAILED' ? 'storage' : 'upstream';
}

/**
 * Storage takes writes again: the probe object is written (a read-only or full store refuses it,
 * while reads would still pass).
 */
export function storageProbe(store: ObjectStore): () => Promise<void> {
  return async () => {
    const now = new Date().toISOString();
    const body = Buffer.from(`render worker storage probe ${now}\n`);
    await store.put(STORAGE_PROBE_KEY, body, {
      contentType: 'text/plain; charset=utf-8',
      cacheControl: 'no-store',
      surrogateKeys: [],
      contentHash: contentHash(body),
      renderedAt: now,
      reason: 'probe',
    });
  };
}

/** Upstream answers again: the header menu's layout, one small document every page reads. */
export function upstreamProbe(client: UpstreamClient): () => Promise<void> {
  return async () => {
    await client.getLayout(NAV_SUBTYPE, 'HeaderLayout');
  };
}

export interface RecoverySweepOptions extends RecoverySweepSettings {
  /** Non-blocking connection for the run lock. */
  redis: RedisClient;
  /** Key prefix with the queue's {hash tag}. */
  prefix: string;
  pageStatus: PageStatusStore;
  /** The render queue. */
  queue: Pick<Queue, 'addBulk'>;
  probes: RecoveryProbes;
  logger: Logger;
  /** Default PROBE_TIMEOUT_MS. */
  probeTimeoutMs?: number;
}

export interface SweepResult {
  /** False when another process holds this interval's run. */
  fired: boolean;
  /** Pages awaiting recovery that this run read. */
  candidates: number;
  /** Pages queued again (new jobs and jobs they joined). */
  requeued: number;
  /** Of those, pages with a render already queued or running (the request joined it, or waits behind it). */
  coalesced: number;
  /** Each probed dependency: whether it answered. */
  probes: Partial<Record<Dependency, 'answered' | 'failed'>>;
}

const lockKey = (prefix: string): string => redisKeys(prefix).recoverySweepLock();

async function withTimeout(probe: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** One run: lock, read the waiting pages, probe their dependencies, queue those that answer. */
export async function runRecoverySweep(options: RecoverySweepOptions): Promise<SweepResult> {
  const log = options.logger;
  // Just under one interval: this process's next run (its timer fires one interval on) finds the
  // lock gone, while replicas whose timers fire in between find it held.
  const ttl = Math.max(1, Math.floor(options.intervalMs * 0.9));
  if ((await options.redis.set(lockKey(options.prefix), String(process.pid), 'PX', ttl, 'NX')) !== 'OK') {
    return { fired: false, candidates: 0, requeued: 0, coalesced: 0, probes: {} };
  }
  const candidates = await options.pageStatus.listAwaitingRecovery(options.batch);
  const result: SweepResult = { fired: true, candidates: candidates.length, requeued: 0, coalesced: 0, probes: {} };
  if (candidates.length === 0) return result;

  const waiting = new Map<Dependency, RecoveryCandidate[]>();
  for (const candidate of candidates) {
    const dependency = dependencyOf(candidate.code);
    const pages = waiting.get(dependency) ?? [];
    pages.push(candidate);
    waiting.set(dependency, pages);
  }
  const ready: RecoveryCandidate[] = [];
  for (const [dependency, pages] of waiting) {
    try {
      await withTimeout(options.probes[dependency], options.probeTimeoutMs ?? PROBE_TIMEOUT_MS);
      result.probes[dependency] = 'answered';
      ready.push(...pages);
    } catch (error) {
      result.probes[dependency] = 'failed';
      log.info({ dependency, pages: pages.length, error }, 'recovery sweep: dependency still failing; its pages wait');
    }
  }
  if (ready.length === 0) return result;

  const requestedAt = new Date().toISOString();
  const entries = ready.map((page) => {
    const data: RenderJob = { site: page.site, path: page.path, reason: 'recovery', requestedBy: 'recovery-sweep', requestedAt };
    // Our own id, as ingest's producer does, to tell a new job from one the request joined.
    const jobId = `r-${randomUUID()}`;
    return { name: renderJobName(data), data, opts: { ...renderJobOptions(data), jobId } };
  });
  const jobs = await options.queue.addBulk(entries);
  for (const [i, page] of ready.entries()) {
    const job = jobs[i];
    if (job === undefined) continue;
    result.requeued += 1;
    if (job.id !== entries[i]?.opts.jobId) result.coalesced += 1;
    await options.pageStatus.markRequeued(page);
  }
  log.info(
    { candidates: result.candidates, requeued: result.requeued, coalesced: result.coalesced, probes: result.probes },
    'recovery sweep queued pages whose dependency answers again',
  );
  return result;
}

export interface RunningRecoverySweep {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/** Runs the sweep every `intervalMs`, never two runs at once in this process. */
export function startRecoverySweep(options: RecoverySweepOptions): RunningRecoverySweep {
  const log = options.logger.child({ module: 'recovery-sweep' });
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = runRecoverySweep({ ...options, logger: log })
      .then(() => undefined)
      .catch((error: unknown) => log.error({ error }, 'recovery sweep failed; the next run tries again'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  log.info({ intervalMs: options.intervalMs, batch: options.batch }, 'recovery sweep started');
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
