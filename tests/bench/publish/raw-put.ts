/**
 * The S3 endpoint's raw PUT rate (publish rates are read beside the raw PUT rate of the same S3
 * endpoint, measured in the same run): PutObject of bodies of a given size, at a given concurrency,
 * sent as the S3 driver sends them (core/storage/s3-driver.ts: the same client settings and its
 * direct put, core/storage/s3-direct.ts) and with no metadata work.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import type { StorageConfig } from '../../../core/config/storage.js';
import { createDirectRequests } from '../../../core/storage/s3-direct.js';

export async function rawPutRate(config: Extract<StorageConfig, { driver: 's3' }>, options: { bodyBytes: number; concurrency: number; count: number; run: number }): Promise<number> {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    cacheMiddleware: true,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    ...(config.accessKeyId !== undefined && config.secretAccessKey !== undefined ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  });
  const direct = await createDirectRequests(client, config.bucket)();
  if (direct === null) throw new Error(`The S3 driver sends PutObjectCommand to this endpoint, which the raw PUT rate does not measure`);
  // Random bytes as hex: incompressible, the size asked for.
  const body = Buffer.from(randomBytes(Math.ceil(options.bodyBytes / 2)).toString('hex').slice(0, options.bodyBytes));
  const payloadSha256 = createHash('sha256').update(body).digest('hex');
  const headers = { 'content-type': 'text/html; charset=utf-8' };
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    for (;;) {
      const i = next;
      next += 1;
      if (i >= options.count) return;
      await direct.put({ key: `bench-raw-put/${options.run}/${i}`, body, payloadSha256, headers });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  client.destroy();
  return options.count / seconds;
}
