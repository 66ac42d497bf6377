/**
 * docker-compose.yml cannot run here (no Docker engine: docs/architecture.md "Tool constraints"), so it is
 * checked as data: it parses and names every service; Redis keeps an AOF and never evicts; the
 * bucket exists before any app service starts; workers run as several replicas; every long-running
 * service has a healthcheck that asks an address the service serves; every app command names an
 * entry point that exists; and every environment variable a service gets is one its own config
 * module reads, with a value that module accepts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { cdnEnvShape } from '../../core/cdn/config.js';
import { storageEnvShape } from '../../core/config/storage.js';
import { upstreamEnvShape } from '../../core/config/upstream.js';
import { SITE_IDS } from '../../core/isomorphic/sites.js';
import { pageVersionsPrefix } from '../../core/storage/keys.js';
import { edgeEnvShape, loadEdgeConfig, loadEdgeUpstreamConfig } from '../../edge-router/config.js';
import { loadIngestConfig, loadRepublishCliConfig } from '../../ingest/config.js';
import { serviceBundlePath, SERVICE_ENTRIES } from '../../infra/build-services.js';
import { loadSampleUpstreamConfig, sampleUpstreamEnvShape } from '../../infra/sample-upstream/config.js';
import { loadWorkerConfig } from '../../render-workers/config.js';
import { WORKER_NODE_FLAGS } from '../../render-workers/node-flags.js';
import { queuePrefixEnvShape, redisEnvShape } from '../../core/config/redis.js';

const dependsOnSchema = z.union([z.array(z.string()), z.record(z.string(), z.looseObject({ condition: z.string() }))]);
const serviceSchema = z.looseObject({
  image: z.string().optional(),
  build: z.looseObject({ context: z.string(), dockerfile: z.string() }).optional(),
  command: z.array(z.string()).optional(),
  entrypoint: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  depends_on: dependsOnSchema.optional(),
  healthcheck: z.looseObject({ test: z.array(z.string()).optional(), disable: z.boolean().optional() }).optional(),
  deploy: z.looseObject({ replicas: z.number().int().optional() }).optional(),
  restart: z.string().optional(),
  stop_grace_period: z.string().optional(),
  volumes: z.array(z.string()).optional(),
});
const composeSchema = z.looseObject({ services: z.record(z.string(), serviceSchema) });

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const compose = composeSchema.parse(parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }));
type Service = z.infer<typeof serviceSchema>;

function service(name: string): Service {
  const found = compose.services[name];
  if (found === undefined) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}

/** Long-running services built from this repository's image, with the entry point each runs. */
const APP_SERVICES = {
  'sample-upstream': 'infra/sample-upstream/main.ts',
  'render-worker': 'render-workers/main.ts',
  ingest: 'ingest/main.ts',
  'edge-router': 'edge-router/main.ts',
} as const;
const ONE_SHOTS = ['create-bucket', 'publish-site'];
const THIRD_PARTY = ['redis', 'minio', 'varnish'];

/** Services that read object storage: the bucket must exist before they start. */
const STORAGE_USERS = ['render-worker', 'ingest', 'edge-router'];

/**
 * The keys of one `const <name> = { ... };` block of a config module: the variables a service
 * reads beyond the shapes core exports (render-workers/config.ts and ingest/config.ts keep theirs
 * private).
 */
function shapeKeys(file: string, constName: string): string[] {
  const source = readFileSync(file, 'utf8');
  const start = source.indexOf(`const ${constName} = {`);
  if (start < 0) throw new Error(`${file}: no const ${constName}`);
  const end = source.indexOf('\n};', start);
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] ?? '');
}

/** What each service reads, and its config loader (every variable is parsed at start-up). */
const READS: Record<string, { names: Set<string>; load: (env: Record<string, string>) => unknown }> = {
  'sample-upstream': { names: new Set(Object.keys(sampleUpstreamEnvShape)), load: (env) => loadSampleUpstreamConfig(env) },
  'render-worker': {
    names: new Set([...shapeKeys('render-workers/config.ts', 'shape'), ...Object.keys(redisEnvShape), ...Object.keys(queuePrefixEnvShape), ...Object.keys(storageEnvShape), ...Object.keys(upstreamEnvShape), ...Object.keys(cdnEnvShape)]),
    load: (env) => loadWorkerConfig(env),
  },
  ingest: {
    // ingest/config.ts parses the upstream variables with parseUpstreamConfig.
    names: new Set([...shapeKeys('ingest/config.ts', 'shape'), ...Object.keys(redisEnvShape), ...Object.keys(queuePrefixEnvShape), ...Object.keys(storageEnvShape), ...Object.keys(upstreamEnvShape), ...Object.keys(cdnEnvShape)]),
    load: (env) => loadIngestConfig(env),
  },
  'edge-router': { names: new Set(Object.keys(edgeEnvShape)), load: (env) => [loadEdgeConfig(env), loadEdgeUpstreamConfig(env)] },
  'publish-site': { names: new Set(shapeKeys('ingest/config.ts', 'cliShape')), load: (env) => loadRepublishCliConfig(env) },
};

/** The environment as compose hands it over: `${X:-default}` gives the default, `${X:?message}` a value the operator must set. */
function interpolate(environment: Service['environment']): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(environment ?? {})) {
    env[name] = String(value)
      .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
      .replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'an-operator-secret-of-32-characters');
  }
  return env;
}

function dependsOn(name: string): Record<string, string> {
  const deps = service(name).depends_on ?? {};
  return Array.isArray(deps) ? Object.fromEntries(deps.map((dep) => [dep, 'service_started'])) : Object.fromEntries(Object.entries(deps).map(([dep, v]) => [dep, v.condition]));
}

describe('docker-compose.yml', () => {
  it('names every service: the pipeline, Redis, MinIO with its bucket, Varnish and the first publish', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...Object.keys(APP_SERVICES), ...ONE_SHOTS, ...THIRD_PARTY].sort());
    for (const name of [...Object.keys(APP_SERVICES), 'publish-site']) {
      expect(service(name).build, name).toEqual({ context: '.', dockerfile: 'infra/docker/Dockerfile' });
    }
  });

  it('runs Redis with an append-only file and no eviction, on a volume', () => {
    const redis = service('redis');
    const command = redis.command ?? [];
    expect(command[command.indexOf('--appendonly') + 1]).toBe('yes');
    expect(command[command.indexOf('--maxmemory-policy') + 1]).toBe('noeviction');
    expect(redis.volumes).toEqual(expect.arrayContaining([expect.stringMatching(/:\/data$/)]));
  });

  it('creates the bucket the services use, after MinIO is healthy and before any service that reads storage', () => {
    const bucket = service('create-bucket');
    expect(dependsOn('create-bucket')).toEqual({ minio: 'service_healthy' });
    const script = (bucket.command ?? []).join('\n');
    expect(script).toContain('mc mb --ignore-existing "local/$$BUCKET"');
    expect(script).toMatch(/^set -e$/m);
    expect(bucket.restart).toBe('no');
    const bucketName = bucket.environment?.BUCKET;
    for (const name of STORAGE_USERS) {
      expect(dependsOn(name)['create-bucket'], name).toBe('service_completed_successfully');
      expect(service(name).environment?.S3_BUCKET, name).toBe(bucketName);
    }
  });

  it('applies a lifecycle rule that expires page versions of every site, never live pages or assets', () => {
    const bucket = service('create-bucket');
    expect(bucket.volumes).toEqual(['./infra/docker/s3-lifecycle.json:/etc/newsroom/s3-lifecycle.json:ro']);
    const lifecycle = z
      .object({ Rules: z.array(z.object({ ID: z.string(), Status: z.literal('Enabled'), Filter: z.object({ Prefix: z.string() }), Expiration: z.object({ Days: z.number().int().positive() }) })) })
      .parse(JSON.parse(readFileSync('infra/docker/s3-lifecycle.json', 'utf8')));
    // The prefixes are the sites' version areas (core/storage/keys.ts): the home page's versions
    // prefix starts with it, and so does every other page's.
    expect(lifecycle.Rules.map((rule) => rule.Filter.Prefix).sort()).toEqual(SITE_IDS.map((site) => `${site}/versions/`).sort());
    for (const site of SITE_IDS) {
      expect(pageVersionsPrefix(site, '/').startsWith(`${site}/versions/`)).toBe(true);
      expect(pageVersionsPrefix(site, '/politics/a-story').startsWith(`${site}/versions/`)).toBe(true);
    }
  });

  it('runs several render-worker replicas that outlive their own shutdown deadline', () => {
    const worker = service('render-worker');
    expect(worker.deploy?.replicas).toBeGreaterThan(1);
    // Replicas cannot share a host port or a container name.
    expect(worker).not.toHaveProperty('ports');
    expect(worker).not.toHaveProperty('container_name');
    const deadlineMs = Number(worker.environment?.WORKER_SHUTDOWN_DEADLINE_MS);
    // render-workers/main.ts exits at the deadline plus 10 s (SHUTDOWN_GRACE_MS).
    expect(parseSeconds(worker.stop_grace_period) * 1000).toBeGreaterThan(deadlineMs + 10_000);
    expect(parseSeconds(service('edge-router').stop_grace_period) * 1000).toBeGreaterThan(Number(service('edge-router').environment?.SHUTDOWN_TIMEOUT_MS));
  });

  it('starts every app service from an entry point that exists: the worker and the edge from their builds (ADR 0057), the rest through node --import tsx (ADR 0002)', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const [name, entry] of Object.entries(APP_SERVICES)) {
      expect(existsSync(entry), entry).toBe(true);
      if (name === 'render-worker' || name === 'edge-router') {
        // The image's build of the entry point (infra/build-services.ts); a render worker with its
        // heap bounds (render-workers/node-flags.ts, ADR 0050).
        expect(SERVICE_ENTRIES[name]).toBe(entry);
        const built = relative(REPO_ROOT, serviceBundlePath(name));
        const command = ['node', ...(name === 'render-worker' ? WORKER_NODE_FLAGS : []), built];
        expect(service(name).command, name).toEqual(command);
        // `npm run worker` and `npm run edge` build it and start it the same way.
        expect(scripts[name === 'render-worker' ? 'worker' : 'edge'], name).toBe(`npm run build:services && ${command.join(' ')}`);
      } else {
        expect(service(name).command, name).toEqual(['node', '--import', 'tsx', entry]);
      }
    }
    expect(Object.keys(SERVICE_ENTRIES).sort()).toEqual(['edge-router', 'render-worker']);
    expect((service('publish-site').command ?? []).join(' ')).toContain('node --import tsx ingest/cli.ts --all');
    expect(existsSync('ingest/cli.ts')).toBe(true);
  });

  it('gives every long-running service a healthcheck, app services one on an address they serve', () => {
    for (const name of [...Object.keys(APP_SERVICES), ...THIRD_PARTY]) {
      expect(service(name).healthcheck?.test?.length, name).toBeGreaterThan(0);
    }
    const probes: Record<string, string> = {};
    for (const name of Object.keys(APP_SERVICES)) {
      const test = service(name).healthcheck?.test ?? [];
      expect(test.slice(0, 3), name).toEqual(['CMD', 'node', 'infra/docker/healthcheck.js']);
      probes[name] = test[3] ?? '';
    }
    const env = (name: string) => service(name).environment ?? {};
    expect(probes['edge-router']).toBe(`http://127.0.0.1:${String(env('edge-router').PORT)}/healthz`);
    expect(probes.ingest).toBe(`http://127.0.0.1:${String(env('ingest').ADMIN_PORT)}/healthz`);
    expect(probes['render-worker']).toBe(`http://127.0.0.1:${String(env('render-worker').WORKER_METRICS_PORT)}/metrics`);
    expect(probes['sample-upstream']).toBe(`http://127.0.0.1:${String(env('sample-upstream').PORT)}/__sample/health`);
    // The routes those probes ask for exist.
    expect(readFileSync('edge-router/plugins/health.ts', 'utf8')).toContain("HEALTH_PATH = '/healthz'");
    expect(readFileSync('ingest/app.ts', 'utf8')).toContain("app.get('/healthz'");
    expect(readFileSync('core/metrics.ts', 'utf8')).toContain("app.get('/metrics'");
    expect(readFileSync('infra/sample-upstream/server.ts', 'utf8')).toContain("app.get('/__sample/health'");
    // A one-shot built from the image must not inherit the image's edge-router check.
    expect(service('publish-site').healthcheck?.disable).toBe(true);
  });

  it('starts app services after what they need is ready', () => {
    for (const name of ['render-worker', 'ingest']) {
      expect(dependsOn(name), name).toMatchObject({ redis: 'service_healthy', 'sample-upstream': 'service_healthy' });
    }
    expect(dependsOn('varnish')).toMatchObject({ 'edge-router': 'service_healthy', 'render-worker': 'service_started', ingest: 'service_started' });
    expect(dependsOn('publish-site')).toEqual({ ingest: 'service_healthy', 'render-worker': 'service_healthy' });
  });

  it('sets only variables each service reads, with values its config module accepts', () => {
    for (const [name, reads] of Object.entries(READS)) {
      const env = interpolate(service(name).environment);
      for (const variable of Object.keys(env)) expect(reads.names.has(variable), `${name}: ${variable}`).toBe(true);
      expect(() => reads.load(env), name).not.toThrow();
    }
    expect(service('render-worker').environment).toMatchObject({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000', CDN_PURGE: 'varnish' });
    // The queue prefix keeps its Redis Cluster hash tag, and ingest and the workers agree on it.
    expect(service('render-worker').environment?.QUEUE_PREFIX).toBe(service('ingest').environment?.QUEUE_PREFIX);
    // Secrets are required from the operator, never written here.
    for (const name of ['ingest', 'publish-site']) {
      expect(String(service(name).environment?.ADMIN_TOKEN), name).toMatch(/^\$\{ADMIN_TOKEN:\?/);
    }
    expect(String(service('ingest').environment?.WEBHOOK_SECRET)).toMatch(/^\$\{WEBHOOK_SECRET:\?/);
  });

  it('mounts the Varnish config that indexes surrogate keys', () => {
    expect(service('varnish').volumes).toEqual(['./infra/varnish/default.vcl:/etc/varnish/default.vcl:ro']);
    const vcl = readFileSync('infra/varnish/default.vcl', 'utf8');
    expect(vcl).toContain('import xkey;');
    expect(vcl).toContain('xkey.purge(req.http.xkey)');
    expect(vcl).toContain('set beresp.http.xkey = beresp.http.Surrogate-Key;');
    // The backend and the purgers the VCL names are the services here.
    expect(vcl).toContain('.host = "edge-router";');
    expect(vcl).toContain('.port = "3000";');
    expect(vcl).toContain('("render-worker");');
    expect(vcl).toContain('("ingest");');
    expect(service('render-worker').environment?.CDN_PURGE_URLS).toBe('http://varnish:8080');
    expect(service('varnish').command).toEqual(expect.arrayContaining(['-a', ':8080']));
  });
});

function parseSeconds(value: string | undefined): number {
  const match = /^(\d+)s$/.exec(value ?? '');
  if (!match) throw new Error(`not a duration in seconds: ${String(value)}`);
  return Number(match[1]);
}
