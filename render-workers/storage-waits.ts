/**
 * The renders waiting out a retry delay after a storage failure, and how a worker whose storage
 * breaker is open finds out that storage answers again (ADR 0044).
 *
 * While the breaker is open a render fails at once, and one render a second goes through to try
 * storage. That probe needs a render to arrive: in an outage every page soon waits the retry
 * policy's longest delay (30 s), and pages refused together come due together, so between two
 * such waves no render arrives at all. Storage that answers just after a wave went unnoticed for
 * the whole delay (a 709-page republish found every page current 34 s after storage returned, 32 s
 * of it waiting for the next wave). So, while the breaker is open:
 *
 * - once a probe interval, when no render has tried storage within it, the worker writes the
 *   storage probe object (recovery-sweep.ts `storageProbe`); when that write succeeds it queues one
 *   waiting render at once, which goes through as the breaker's probe. A render, not the probe
 *   object, closes the breaker: storage that takes a small object but not pages (a full disk)
 *   keeps it open, at the cost of one render a second as before;
 * - when a render stores a page and closes the breaker, every render waiting after a storage
 *   failure is queued at once, and again two probe intervals later: another worker whose breaker
 *   was still open may have sent renders back to wait meanwhile, before its own probe closed it.
 *
 * A delayed job waiting for anything else (an event's window, an upstream failure) keeps its delay.
 * Nothing here fails a render: an error is logged, and the renders retry on their own delays.
 */
import { Queue } from 'bullmq';
import type { Logger } from '../core/logger.js';
import type { RedisClient } from '../core/redis.js';
import { RENDER_QUEUE } from '../core/queue.js';
import type { StorageBreaker } from './storage-breaker.js';

/** Delayed jobs read per call (promote). */
const PAGE = 200;

export interface StorageWaitsOptions {
  connection: RedisClient;
  prefix: string;
  logger: Logger;
  /** Writes the storage probe object; rejects while storage refuses writes. None: no probe object, renders probe alone. */
  probe?: () => Promise<void>;
  /** The worker's breaker: whether it is open, whether a render would go through as its probe now, and its probe interval. */
  breaker: Pick<StorageBreaker, 'open' | 'probeDue' | 'probeEveryMs'>;
}

export interface StorageWaits {
  /** The breaker opened: probe storage once an interval until it closes. */
  opened(): void;
  /** The breaker closed: queue every storage wait now and once more shortly after. */
  closed(): void;
  /** The worker closed: stop, and close the queue handle. */
  stop(): Promise<void>;
}

/** True for a delayed job whose last attempt failed on storage (its failedReason). */
function isStorageWait(failedReason: string | undefined): boolean {
  return failedReason?.startsWith('STORAGE_FAILED:') === true;
}

export function createStorageWaits(options: StorageWaitsOptions): StorageWaits {
  const log = options.logger;
  let queue: Queue | undefined;
  let probeTimer: NodeJS.Timeout | undefined;
  let secondPass: NodeJS.Timeout | undefined;
  let probing = false;
  let stopped = false;

  /** Moves up to `limit` storage waits from delayed to waiting, oldest due first; how many it moved. */
  const promote = async (limit: number): Promise<number> => {
    queue ??= new Queue(RENDER_QUEUE, { connection: options.connection, prefix: options.prefix });
    let promoted = 0;
    let start = 0;
    while (promoted < limit && !stopped) {
      const jobs = await queue.getJobs(['delayed'], start, start + PAGE - 1, true);
      if (jobs.length === 0) break;
      // Storage waits leave the delayed set, promoted here or by another worker doing the same
      // (its promote wins, ours fails): the next page starts after the waits of other kinds only.
      // A page that promoted nothing is stepped over whole, so the loop always ends.
      let storageWaits = 0;
      let promotedHere = 0;
      for (const job of jobs) {
        if (!isStorageWait(job.failedReason)) continue;
        storageWaits += 1;
        if (promoted + promotedHere >= limit) break;
        if (await job.promote().then(() => true, () => false)) promotedHere += 1;
      }
      promoted += promotedHere;
      start += promotedHere === 0 ? jobs.length : jobs.length - storageWaits;
    }
    return promoted;
  };

  const promoteAll = (pass: string) => {
    promote(Number.POSITIVE_INFINITY).then(
      (promoted) => {
        if (pass === 'first' || promoted > 0) log.info({ promoted, pass }, 'renders waiting after a storage failure queued at once');
      },
      (error: unknown) => log.warn({ error }, 'could not queue the renders waiting after a storage failure; they retry on their own delay'),
    );
  };

  const stopProbing = () => {
    clearInterval(probeTimer);
    probeTimer = undefined;
  };

  /** One probe: the probe object, then one waiting render to try storage for real. */
  const probeOnce = async () => {
    if (!options.probe || probing || !options.breaker.probeDue) return;
    probing = true;
    try {
      await options.probe();
    } catch {
      return; // Storage still refuses: the breaker stays open, and the next interval tries again.
    } finally {
      probing = false;
    }
    if (!options.breaker.open || stopped) return;
    const promoted = await promote(1).catch((error: unknown) => {
      log.warn({ error }, 'could not queue a waiting render to try storage');
      return 0;
    });
    log.debug({ promoted }, 'storage took the probe object: one waiting render tries storage');
  };

  return {
    opened() {
      if (!options.probe || probeTimer !== undefined || stopped) return;
      probeTimer = setInterval(() => {
        if (!options.breaker.open) return stopProbing();
        void probeOnce();
      }, options.breaker.probeEveryMs);
      probeTimer.unref();
    },
    closed() {
      stopProbing();
      if (stopped) return;
      promoteAll('first');
      clearTimeout(secondPass);
      secondPass = setTimeout(() => {
        if (!options.breaker.open && !stopped) promoteAll('second');
      }, 2 * options.breaker.probeEveryMs);
      secondPass.unref();
    },
    async stop() {
      stopped = true;
      stopProbing();
      clearTimeout(secondPass);
      await queue?.close().catch(() => {});
    },
  };
}
