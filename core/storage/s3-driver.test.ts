import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlatformError } from '../errors.js';
import { announceTestBackends } from '../../tests/support/docker-engine.js';
import { dockerUnavailableReason, startTestMinio } from '../../tests/support/minio.js';
import { motoUnavailableReason, startTestMoto } from '../../tests/support/moto.js';
import { startTestS3, type TestS3 } from '../../tests/support/s3rver.js';
import { describeObjectStoreContract, errorOf, metaFor } from './contract.js';
import { createS3Store, encodeUserMetadata } from './s3-driver.js';
import type { ObjectStore } from './types.js';
import { contentHash } from './write.js';

/** Why S3 versions do not follow metadata. */
const S3_ETAG = 'an S3 ETag is the MD5 of the body, so a metadata-only write keeps it';

// s3rver writes an object's body and metadata as two files, in place, so a read racing a write
// can fail; the contract then only demands that no mixed object is ever returned. Such a read can
// also stall (s3rver announces the old length and streams a truncated file), hence the short
// idle timeout.
describeObjectStoreContract(
  's3 (s3rver)',
  async () => {
    const s3 = await startTestS3();
    return { store: createS3Store({ ...s3, idleTimeoutMs: 300 }), cleanup: () => s3.stop() };
  },
  {
    nonAtomicServer: true,
    conditionalWrites: { ignored: 's3rver 3.7 ignores If-Match and If-None-Match on PutObject and DeleteObject; moto runs these' },
    versionsIgnoreMetadata: S3_ETAG,
  },
);

// The conditional-write half of the contract on a server that honours If-Match (ADR 0023). moto
// checks and writes in two steps, so crossing writes are left to the atomic servers (fs, MinIO).
const noMoto = motoUnavailableReason();
if (noMoto === null) {
  describeObjectStoreContract(
    's3 (moto_server)',
    async () => {
      const moto = await startTestMoto();
      return { store: createS3Store({ ...moto, createBucket: true }), cleanup: () => moto.stop() };
    },
    { conditionalWrites: 'sequential', versionsIgnoreMetadata: S3_ETAG },
  );
} else {
  describe.skip(`s3 driver on moto_server (skipped: ${noMoto})`, () => {
    it('passes the ObjectStore contract, conditional writes included', () => {});
  });
}

// Skipped without a Docker engine (docs/architecture.md "Tool constraints": these machines have none); the s3rver run above
// covers the S3 protocol, this one a production-grade server with atomic overwrites and paging.
const noDocker = dockerUnavailableReason();
if (noDocker === null) {
  describeObjectStoreContract(
    's3 (MinIO)',
    async () => {
      const minio = await startTestMinio();
      return { store: createS3Store({ ...minio, createBucket: true }), cleanup: () => minio.stop() };
    },
    { versionsIgnoreMetadata: S3_ETAG },
  );

  describe('s3 driver on MinIO', () => {
    it('lists across pages in order', async () => {
      const minio = await startTestMinio({ bucket: 'paging' });
      const store = createS3Store({ ...minio, createBucket: true, listPageSize: 3 });
      try {
        const keys = Array.from({ length: 10 }, (_, i) => `paged/k${String(i).padStart(2, '0')}`);
        const body = Buffer.from('p');
        for (const key of [...keys].reverse()) await store.put(key, body, metaFor(body));
        const listed: string[] = [];
        for await (const key of store.list('paged/')) listed.push(key);
        expect(listed).toEqual(keys);
      } finally {
        await store.close();
        await minio.stop();
      }
    });
  });
} else {
  // Skipped only when no Docker engine is reachable (this project's machines have none): the
  // MinIO contract run needs testcontainers. The reason is printed in the suite name, and once
  // per test process on stderr.
  announceTestBackends(`${noDocker}; using local redis-server and s3rver`);
  describe.skip(`s3 driver on MinIO (skipped: ${noDocker})`, () => {
    it('passes the ObjectStore contract', () => {});
    it('lists across pages in order', () => {});
  });
}



describe('s3 driver specifics (s3rver)', () => {
  let s3: TestS3;
  let store: ObjectStore;
  beforeAll(async () => {
    s3 = await startTestS3({ bucket: 'specifics' });
    store = createS3Store({ ...s3 });
  });
  afterAll(async () => {
    await store.close();
    await s3.stop();
  });

  it('creates a missing bucket on first use when asked to', async () => {
    const created = createS3Store({ ...s3, bucket: 'made-on-demand', createBucket: true });
    const body = Buffer.from('x');
    await created.put('news/pages/a/index.html', body, metaFor(body));
    expect((await created.get('news/pages/a/index.html'))?.body.toString()).toBe('x');
    await created.close();
  });

  it('fails with STORAGE_FAILED (not "missing") when the bucket does not exist', async () => {
    const missing = createS3Store({ ...s3, bucket: 'no-such-bucket' });
    const error = await errorOf(missing.get('news/pages/a/index.html'));
    expect(isPlatformError(error, 'STORAGE_FAILED')).toBe(true);
    await missing.close();
  });

  it('fails with STORAGE_FAILED, keeping the cause, when the endpoint is down', async () => {
    const down = createS3Store({ ...s3, endpoint: 'http://127.0.0.1:1' });
    const error = await errorOf(down.head('news/pages/a/index.html'));
    expect(isPlatformError(error, 'STORAGE_FAILED')).toBe(true);
    expect(error instanceof Error && error.cause !== undefined).toBe(true);
    await down.close();
  });

  it('keeps many surrogate keys under the S3 user-metadata limit by compressing them', async () => {
    const surrogateKeys = Array.from({ length: 150 }, (_, i) => `article:${String(100000 + i)}`);
    const body = Buffer.from('front');
    const meta = metaFor(body, { surrogateKeys });
    expect(Object.keys(encodeUserMetadata('k', meta))).toContain('surrogate-keys-deflate');
    await store.put('news/pages/front/index.html', body, meta);
    expect((await store.head('news/pages/front/index.html'))?.surrogateKeys).toEqual(surrogateKeys);
  });

  it('refuses surrogate keys that do not fit even compressed', () => {
    const surrogateKeys = Array.from({ length: 400 }, (_, i) => `article:${contentHash(String(i)).slice(0, 24)}`);
    let error: unknown;
    try {
      encodeUserMetadata('k', metaFor(Buffer.from('x'), { surrogateKeys }));
    } catch (e) {
      error = e;
    }
    expect(isPlatformError(error, 'OBJECT_META_INVALID')).toBe(true);
  });

  // s3rver 3.7.1 encrypts continuation tokens with DES, which OpenSSL 3 (Node 20) no longer
  // offers: any truncated listing answers 500. Paging is tested on MinIO above.
  it.skip('lists across pages in order (s3rver cannot page on Node 20; see the MinIO block)', () => {});
});
