/**
 * Token buckets for the render-on-miss budgets (render-on-miss.ts, ADR 0018): `capacity` requests
 * at once, refilled at `perMinute`. In process memory, like the /api/ rate limit: N edge replicas
 * allow up to N times the budget, which bounds abuse without a Redis round trip per 404 (and keeps
 * working while Redis is down).
 */

export interface BucketSettings {
  /** Requests allowed in a burst (the bucket's size). */
  capacity: number;
  /** Tokens added per minute, up to `capacity`. */
  perMinute: number;
}

interface BucketState {
  tokens: number;
  at: number;
}

function refill(state: BucketState, settings: BucketSettings, now: number): number {
  const elapsed = Math.max(0, now - state.at);
  return Math.min(settings.capacity, state.tokens + (elapsed * settings.perMinute) / 60_000);
}

/** One bucket (the edge's total budget). */
export class TokenBucket {
  private state: BucketState;

  constructor(
    private readonly settings: BucketSettings,
    now: number,
  ) {
    this.state = { tokens: settings.capacity, at: now };
  }

  /** Takes a token if there is one. */
  take(now: number): boolean {
    const tokens = refill(this.state, this.settings, now);
    const allowed = tokens >= 1;
    this.state = { tokens: allowed ? tokens - 1 : tokens, at: now };
    return allowed;
  }
}

/**
 * One bucket per key (client address). At most `maxKeys` are kept, the least recently used dropped
 * first: a dropped client starts again with a full bucket, so spreading requests over many
 * addresses gains a client little against the total budget, which is what bounds the queue.
 */
export class KeyedTokenBuckets {
  private readonly buckets = new Map<string, BucketState>();

  constructor(
    private readonly settings: BucketSettings,
    private readonly maxKeys: number,
  ) {}

  take(key: string, now: number): boolean {
    const previous = this.buckets.get(key);
    const tokens = previous === undefined ? this.settings.capacity : refill(previous, this.settings, now);
    const allowed = tokens >= 1;
    // Delete and set again: Map keeps insertion order, so the first key is the least recently used.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next();
      if (oldest.done !== true) this.buckets.delete(oldest.value);
    }
    return allowed;
  }

  get size(): number {
    return this.buckets.size;
  }
}
