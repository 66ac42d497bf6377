/** Builds the configured ObjectStore (core/config/storage.ts). */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PlatformError } from '../errors.js';
import type { StorageConfig } from '../config/storage.js';
import { createFsStore } from './fs-driver.js';
import { createS3Store } from './s3-driver.js';
import type { ObjectStore } from './types.js';

export interface CreateStoreOptions {
  /** S3 only: create the bucket when it is missing (local stack, tests). Default false. */
  createBucket?: boolean;
}

export async function createStore(config: StorageConfig, options: CreateStoreOptions = {}): Promise<ObjectStore> {
  if (config.driver === 'fs') {
    const root = resolve(config.dir);
    // Fail at start-up, naming the directory, rather than on the first write.
    try {
      await mkdir(root, { recursive: true });
    } catch (error) {
      throw new PlatformError('CONFIG_INVALID', `STORAGE_DIR ${root} cannot be created`, { cause: error });
    }
    return createFsStore({ root });
  }
  return createS3Store({ ...config, createBucket: options.createBucket ?? false });
}
