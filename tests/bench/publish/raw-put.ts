/**
 * The S3 endpoint's raw PUT rate (publish rates are read beside the raw PUT rate of
 * the same S3 endpoint, measured in the same run): PutObject of bodies of a given size, at a given concurrency, with
 * the same client settings as the S3 driver (core/storage/s3-driver.ts) and no metadata work.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import type { StorageConfig } from '../../../core/config/storage.js';

export async function rawPutRate(config: Extract<StorageConfig, { driver: 's3' }>, options: { bodyBytes: number; concurrency: number; count: number; run: number }): Promise<number> {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    ...(config.accessKeyId !== undefined && config.secretAccessKey !== undefined ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  });
  // Random bytes as hex: incompressible, the size asked for.
  const body = Buffer.from(randomBytes(Math.ceil(options.bodyBytes / 2)).toString('hex').slice(0, options.bodyBytes));
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    for (;;) {
      const i = next;
      next += 1;
      if (i >= options.count) return;
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: `bench-raw-put/${options.run}/${i}`, Body: body, ContentType: 'text/html; charset=utf-8' }));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  client.destroy();
  return options.count / seconds;
}
