/**
 * A storage wrapper for the storage-fault test: every call goes to the real
 * driver it wraps, except that writes the test arms fail with STORAGE_FAILED, as a network error
 * or a 5xx from S3 would (core/storage/s3-driver.ts raises the same code).
 */
import { PlatformError } from '../../../core/errors.js';
import type { ObjectMeta, ObjectStore, StoredObject, WriteCondition, WriteOutcome } from '../../../core/storage/types.js';

export interface FlakyStore extends ObjectStore {
  /** The next `count` writes to keys that `match` accepts fail; returns how many failed so far. */
  failWrites(count: number, match: (key: string) => boolean): void;
  /** Keys whose write failed, in order. */
  readonly failed: string[];
}

export function flakyStore(real: ObjectStore): FlakyStore {
  let remaining = 0;
  let match: (key: string) => boolean = () => false;
  const failed: string[] = [];
  return {
    get driver() {
      return real.driver;
    },
    get: (key: string): Promise<StoredObject | null> => real.get(key),
    head: (key: string): Promise<ObjectMeta | null> => real.head(key),
    stat: (key: string) => real.stat(key),
    async put(key: string, body: Buffer, meta: ObjectMeta, condition?: WriteCondition): Promise<WriteOutcome> {
      if (remaining > 0 && match(key)) {
        remaining -= 1;
        failed.push(key);
        throw new PlatformError('STORAGE_FAILED', `Storage could not write ${key} (injected fault)`, { details: { key, operation: 'put' } });
      }
      return await real.put(key, body, meta, condition);
    },
    delete: (key: string, condition?: WriteCondition) => real.delete(key, condition),
    list: (prefix: string) => real.list(prefix),
    close: () => real.close(),
    failWrites(count, accept) {
      remaining = count;
      match = accept;
    },
    failed,
  };
}
