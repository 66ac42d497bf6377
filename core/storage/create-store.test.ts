import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../tests/support/s3rver.js';
import { isPlatformError } from '../errors.js';
import { parseStorageConfig } from '../config/storage.js';
import { createStore } from './create-store.js';
import { contentHash } from './write.js';

describe('createStore', () => {
  let dir: string;
  let s3: TestS3;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'create-store-'));
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('builds the filesystem driver and creates its directory', async () => {
    const root = join(dir, 'a', 'b');
    const store = await createStore(parseStorageConfig({ STORAGE_DIR: root }));
    expect(store.driver).toBe('fs');
    expect((await stat(root)).isDirectory()).toBe(true);
    await store.close();
  });

  it('names STORAGE_DIR when it cannot be created', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'x');
    const error = await createStore({ driver: 'fs', dir: join(file, 'below') }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isPlatformError(error, 'CONFIG_INVALID')).toBe(true);
    expect(error instanceof Error ? error.message : '').toContain('STORAGE_DIR');
  });

  it('builds the S3 driver from the environment, creating the bucket when asked', async () => {
    const config = parseStorageConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'from-env',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    const store = await createStore(config, { createBucket: true });
    expect(store.driver).toBe('s3');
    const body = Buffer.from('hello');
    const meta = {
      contentType: 'text/plain',
      cacheControl: 'no-store',
      surrogateKeys: [],
      contentHash: contentHash(body),
      renderedAt: new Date().toISOString(),
      reason: 'deploy',
    };
    await store.put('news/root/hello.txt', body, meta);
    expect((await store.get('news/root/hello.txt'))?.body.toString()).toBe('hello');
    await store.close();
  });
});
