/**
 * The compose file cannot run here (no Docker engine, TOOLCHAIN.md), so it is checked as data:
 * it parses, every service command names an entry point that exists, and every environment
 * variable it sets is one the services actually read.
 */
import { cdnEnvShape } from '../../core/cdn/config.js';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { storageEnvShape } from '../../core/config/storage.js';
import { upstreamEnvShape } from '../../core/config/upstream.js';
import { edgeEnvShape } from '../../edge-router/config.js';
import { sampleUpstreamEnvShape } from '../../infra/sample-upstream/config.js';

const serviceSchema = z.looseObject({
  image: z.string().optional(),
  build: z.unknown().optional(),
  command: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
const composeSchema = z.looseObject({ services: z.record(z.string(), serviceSchema) });

const compose = composeSchema.parse(parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }));

/** Variables read by the worker and ingest configs that have no exported shape of their own. */
const OTHER_KNOWN = ['REDIS_URL', 'QUEUE_PREFIX', 'WORKER_CONCURRENCY', 'PUBLIC_ORIGIN', 'BUNDLE_DIR', 'LOG_LEVEL', 'ADMIN_HOST', 'ADMIN_PORT', 'ADMIN_TOKEN', 'WEBHOOK_SECRET', 'SCHEDULES_ENABLED', 'WORKER_METRICS_HOST', 'WORKER_METRICS_PORT'];
const KNOWN = new Set([
  ...Object.keys(storageEnvShape),
  ...Object.keys(upstreamEnvShape),
  ...Object.keys(edgeEnvShape),
  ...Object.keys(sampleUpstreamEnvShape),
  ...Object.keys(cdnEnvShape),
  ...OTHER_KNOWN,
]);

describe('docker-compose.yml', () => {
  it('runs the pipeline services plus Redis with persistence, MinIO and Varnish', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['edge-router', 'ingest', 'minio', 'redis', 'render-worker', 'sample-upstream', 'varnish'].sort(),
    );
    expect(compose.services.redis?.command).toEqual(expect.arrayContaining(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']));
  });

  it('starts every app service from an entry point that exists', () => {
    for (const name of ['edge-router', 'ingest', 'render-worker', 'sample-upstream']) {
      const command = compose.services[name]?.command ?? [];
      const entry = command.find((part) => part.endsWith('.ts'));
      expect(entry, `${name} command`).toBeDefined();
      expect(existsSync(entry ?? ''), `${name}: ${entry ?? ''}`).toBe(true);
    }
  });

  it('sets only variables the services read, and points storage at MinIO over S3', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image) continue; // third-party images have their own variables
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(KNOWN.has(variable), `${name}: ${variable}`).toBe(true);
      }
    }
    expect(compose.services['render-worker']?.environment).toMatchObject({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000' });
  });

  it('mounts the Varnish config that indexes surrogate keys', () => {
    const vcl = readFileSync('infra/varnish/default.vcl', 'utf8');
    expect(vcl).toContain('import xkey;');
    expect(vcl).toContain('xkey.purge(req.http.xkey)');
    expect(vcl).toContain('set beresp.http.xkey = beresp.http.Surrogate-Key;');
  });
});
