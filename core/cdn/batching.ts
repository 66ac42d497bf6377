/**
 * Batching in front of a purge driver (ADR 0008). A busy worker finishes many renders a second;
 * one purge request per render would be as many round trips to the CDN (and Fastly rate-limits
 * its API). So keys are collected for a short window, or until a batch is full, deduplicated, and
 * sent as one request. Transient failures (network, timeout, 408, 429, 5xx) are retried with
 * exponential backoff; a purge that still fails is logged with its reason and reported to
 * `onBatch` (the purge metrics), never thrown: the page is stored, and readers get it when its
 * Cache-Control TTL runs out.
 *
 * Only keys not yet sent are deduplicated: a key asked for again after its batch went out is sent
 * again, because the write that asked for it may have happened after the CDN processed the first
 * request.
 */
import type { Logger } from '../logger.js';
import { nothingToPurge, type Purger, type PurgeResult } from './types.js';

export interface BatchingOptions {
  /** How long keys are collected before a batch is sent. Default 50 ms. */
  windowMs?: number;
  /** Most keys in one request; a full batch is sent at once. Default 100. */
  maxBatchSize?: number;
  /** Further attempts after a transient failure. Default 3. */
  retries?: number;
  /** First retry delay; doubles each attempt. Default 100 ms. */
  backoffMs?: number;
  logger: Logger;
  /** Called once per batch with its final result (after retries): the purge metrics. */
  onBatch?: (result: PurgeResult & { attempts: number }) => void;
}

export const BATCHING_DEFAULTS = { windowMs: 50, maxBatchSize: 100, retries: 3, backoffMs: 100 } as const;

interface Batch {
  keys: Set<string>;
  done: Promise<PurgeResult>;
  /** Settles `done` with the batch's send, once it is flushed. */
  resolve: (sending: Promise<PurgeResult>) => void;
}

/** Keys logged with a failure: enough to recognise the pages, not a wall of text. */
const LOGGED_KEYS = 10;

export function createBatchingPurger(target: Purger, options: BatchingOptions): Purger {
  const windowMs = options.windowMs ?? BATCHING_DEFAULTS.windowMs;
  const maxBatchSize = options.maxBatchSize ?? BATCHING_DEFAULTS.maxBatchSize;
  const retries = options.retries ?? BATCHING_DEFAULTS.retries;
  const backoffMs = options.backoffMs ?? BATCHING_DEFAULTS.backoffMs;
  const log = options.logger;

  let open: Batch | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const inFlight = new Set<Promise<PurgeResult>>();

  const newBatch = (): Batch => {
    let resolve: (sending: Promise<PurgeResult>) => void = () => {};
    const done = new Promise<PurgeResult>((r) => {
      resolve = r;
    });
    return { keys: new Set(), done, resolve };
  };

  /** One attempt; a driver that throws (a bug) counts as a transient failure. */
  const attempt = async (keys: string[]): Promise<PurgeResult> => {
    try {
      return await target.purge(keys);
    } catch (error) {
      return { keys, ok: false, requests: 0, reason: error instanceof Error ? error.message : String(error), retryable: true };
    }
  };

  const send = async (keys: string[]): Promise<PurgeResult & { attempts: number }> => {
    let requests = 0;
    for (let attempts = 1; ; attempts += 1) {
      const result = await attempt(keys);
      requests += result.requests;
      if (result.ok || result.retryable !== true || attempts > retries) {
        const final = { ...result, keys, requests, attempts };
        if (final.ok) {
          log.debug({ purge: { driver: target.driver, keys: keys.length, requests } }, 'CDN purge sent');
        } else {
          log.warn(
            { purge: { driver: target.driver, keys: keys.length, sample: keys.slice(0, LOGGED_KEYS), attempts, reason: final.reason } },
            'CDN purge failed; the pages stay stored and refresh at the CDN when their Cache-Control TTL runs out',
          );
        }
        options.onBatch?.(final);
        return final;
      }
      await new Promise((r) => setTimeout(r, backoffMs * 2 ** (attempts - 1)));
    }
  };

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batch = open;
    open = undefined;
    if (!batch || batch.keys.size === 0) return;
    const sending = send([...batch.keys]);
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
    batch.resolve(sending);
  };

  return {
    driver: target.driver,
    async purge(keys) {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return nothingToPurge(unique);
      if (closed) return { keys: unique, ok: false, requests: 0, reason: 'the purger is closed (the worker is shutting down)' };
      const waitingOn = new Set<Batch>();
      for (const key of unique) {
        open ??= newBatch();
        open.keys.add(key);
        waitingOn.add(open);
        if (open.keys.size >= maxBatchSize) flush();
      }
      if (open && open.keys.size > 0 && timer === undefined) timer = setTimeout(flush, windowMs);
      const results = await Promise.all([...waitingOn].map((batch) => batch.done));
      return mergeResults(unique, results);
    },
    async close() {
      closed = true;
      flush();
      await Promise.all([...inFlight]);
      await target.close();
    },
  };
}

/** The caller's view of the batches its keys went into. */
function mergeResults(keys: string[], results: PurgeResult[]): PurgeResult {
  const failed = results.filter((result) => !result.ok);
  const merged: PurgeResult = { keys, ok: failed.length === 0, requests: results.reduce((sum, result) => sum + result.requests, 0) };
  if (failed.length > 0) {
    merged.reason = [...new Set(failed.map((result) => result.reason ?? 'failed'))].join('; ');
    merged.retryable = failed.some((result) => result.retryable === true);
  }
  return merged;
}
