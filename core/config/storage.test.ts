import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../errors.js';
import { parseEnv } from './env.js';
import { parseStorageConfig, storageConfigFromEnv, storageEnvShape } from './storage.js';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(isPlatformError(error, 'CONFIG_INVALID')).toBe(true);
    return error instanceof Error ? error.message : '';
  }
  throw new Error('expected a throw');
}

describe('parseStorageConfig', () => {
  it('defaults to the filesystem driver in .data/storage', () => {
    expect(parseStorageConfig({})).toEqual({ driver: 'fs', dir: '.data/storage' });
    expect(parseStorageConfig({ STORAGE_DRIVER: '', STORAGE_DIR: '' })).toEqual({ driver: 'fs', dir: '.data/storage' });
    expect(parseStorageConfig({ STORAGE_DIR: '/var/lib/news' })).toEqual({ driver: 'fs', dir: '/var/lib/news' });
  });

  it('reads the S3 settings with their defaults', () => {
    expect(parseStorageConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'pages' })).toEqual({
      driver: 's3',
      region: 'us-east-1',
      bucket: 'pages',
      forcePathStyle: true,
    });
    expect(
      parseStorageConfig({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-1',
        S3_BUCKET: 'news-pages',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'false',
        S3_MAX_OBJECT_BYTES: '1048576',
        S3_READ_TIMEOUT_MS: '5000',
      }),
    ).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      bucket: 'news-pages',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      maxObjectBytes: 1_048_576,
      readTimeoutMs: 5000,
    });
  });

  it('names S3_BUCKET when the s3 driver has no bucket', () => {
    expect(messageOf(() => parseStorageConfig({ STORAGE_DRIVER: 's3' }, 'edge-router'))).toMatch(/edge-router.*S3_BUCKET is required/);
  });

  it('names malformed variables', () => {
    expect(messageOf(() => parseStorageConfig({ STORAGE_DRIVER: 'ftp' }))).toContain('STORAGE_DRIVER="ftp" is invalid');
    expect(messageOf(() => parseStorageConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket' }))).toContain('S3_BUCKET="Bad_Bucket" is invalid');
    expect(messageOf(() => parseStorageConfig({ S3_ENDPOINT: 'minio:9000' }))).toContain('S3_ENDPOINT="minio:9000" is invalid');
    expect(messageOf(() => parseStorageConfig({ S3_FORCE_PATH_STYLE: 'maybe' }))).toContain('S3_FORCE_PATH_STYLE="maybe" is invalid');
    expect(messageOf(() => parseStorageConfig({ S3_MAX_OBJECT_BYTES: '64MiB' }))).toContain('S3_MAX_OBJECT_BYTES="64MiB" is invalid');
    expect(messageOf(() => parseStorageConfig({ S3_READ_TIMEOUT_MS: '0' }))).toContain('S3_READ_TIMEOUT_MS="0" is invalid');
  });

  it('wants both S3 credentials or neither', () => {
    const message = messageOf(() => parseStorageConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'pages', S3_ACCESS_KEY_ID: 'id' }));
    expect(message).toContain('S3_ACCESS_KEY_ID');
    expect(message).toContain('S3_SECRET_ACCESS_KEY');
  });

  it('lets a service merge the shape into its own', () => {
    const shape = { ...storageEnvShape };
    const vars = parseEnv(shape, { STORAGE_DRIVER: 's3', S3_BUCKET: 'pages' }, 'worker');
    expect(storageConfigFromEnv(vars, 'worker')).toMatchObject({ driver: 's3', bucket: 'pages' });
  });
});
