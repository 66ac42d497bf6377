/**
 * The CDN purge contract (docs/architecture.md "The flow", step 6; ADR 0008). A render that changed stored objects
 * asks the CDN to drop its cached copies by surrogate key; every driver (Varnish xkey, a
 * Fastly-style API, none) and the batching wrapper implement this one interface.
 *
 * A purge never throws: a CDN that is down or refuses must not fail a render, whose page is
 * already stored and reaches readers anyway when its Cache-Control TTL runs out
 * (core/storage/cache-policy.ts). Failures come back as a result with a readable reason.
 */

export const PURGE_DRIVERS = ['none', 'varnish', 'fastly'] as const;
export type PurgeDriverName = (typeof PURGE_DRIVERS)[number];

export interface PurgeResult {
  /** The surrogate keys this call asked for, deduplicated. */
  keys: string[];
  /** Every request reached the CDN and was accepted. */
  ok: boolean;
  /** HTTP requests sent, retries included (0 for the `none` driver or an empty call). */
  requests: number;
  /** Why it failed, for the log and the operator: names the CDN address and the answer. Never a secret. */
  reason?: string;
  /** A later attempt may succeed (network error, timeout, 408, 429, 5xx). */
  retryable?: boolean;
}

export interface Purger {
  readonly driver: PurgeDriverName;
  /** Purges every cached object tagged with any of `keys`. Resolves, never rejects. */
  purge(keys: readonly string[]): Promise<PurgeResult>;
  /** Sends what is still pending and waits for requests in flight; later purges are refused. */
  close(): Promise<void>;
}

/** A result for a call that needed no request (no keys, or the `none` driver). */
export function nothingToPurge(keys: readonly string[]): PurgeResult {
  return { keys: [...new Set(keys)], ok: true, requests: 0 };
}
