/**
 * Builds the configured purger: the driver for the CDN in front (core/cdn/config.ts) behind the
 * batching wrapper. `none` needs no batching: it sends nothing.
 */
import type { Logger } from '../logger.js';
import { createBatchingPurger, type BatchingOptions } from './batching.js';
import type { CdnConfig } from './config.js';
import { createFastlyPurger } from './fastly.js';
import { nothingToPurge, type Purger } from './types.js';
import { createVarnishPurger } from './varnish.js';

export type { Purger, PurgeResult } from './types.js';

export function createNoopPurger(): Purger {
  return {
    driver: 'none',
    purge: (keys) => Promise.resolve(nothingToPurge(keys)),
    close: () => Promise.resolve(),
  };
}

export interface CreatePurgerOptions {
  logger: Logger;
  /** Called once per batch sent (the purge metrics). */
  onBatch?: BatchingOptions['onBatch'];
}

export function createPurger(config: CdnConfig, options: CreatePurgerOptions): Purger {
  const target = config.target;
  if (target.driver === 'none') return createNoopPurger();
  const driver =
    target.driver === 'varnish'
      ? createVarnishPurger({ urls: target.urls, timeoutMs: config.timeoutMs })
      : createFastlyPurger({ apiUrl: target.apiUrl, serviceId: target.serviceId, token: target.token, timeoutMs: config.timeoutMs });
  return createBatchingPurger(driver, {
    windowMs: config.batchWindowMs,
    maxBatchSize: config.maxBatchSize,
    retries: config.retries,
    logger: options.logger.child({ module: 'cdn-purge' }),
    ...(options.onBatch ? { onBatch: options.onBatch } : {}),
  });
}
