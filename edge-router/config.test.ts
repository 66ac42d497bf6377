import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../core/errors.js';
import { loadEdgeConfig } from './config.js';

function configError(env: Record<string, string>): string {
  try {
    loadEdgeConfig(env);
  } catch (error) {
    if (isPlatformError(error, 'CONFIG_INVALID')) return error.message;
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

describe('loadEdgeConfig', () => {
  it('has working defaults', () => {
    expect(loadEdgeConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      defaultSite: 'news',
      siteHosts: {},
      logLevel: 'info',
      trustProxy: false,
      shutdownTimeoutMs: 10_000,
      healthTimeoutMs: 1000,
      hotCache: { maxBytes: 64 * 1024 * 1024, freshMs: 0, trustMs: 60_000 },
      rateLimit: { max: 120, windowMs: 60_000 },
      metrics: { host: '127.0.0.1', port: 9465 },
      storage: { driver: 'fs', dir: '.data/storage' },
    });
  });

  it('reads every variable', () => {
    const config = loadEdgeConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      SITE: 'es',
      SITE_HOSTS: 'ES.localhost=es, news.localhost=news',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      SHUTDOWN_TIMEOUT_MS: '2500',
      EDGE_HOT_CACHE_BYTES: '0',
      EDGE_HOT_CACHE_FRESH_MS: '250',
      EDGE_HOT_CACHE_TRUST_MS: '5000',
      RATE_LIMIT_MAX: '30',
      RATE_LIMIT_WINDOW_MS: '10000',
      EDGE_METRICS_PORT: '9999',
      EDGE_METRICS_HOST: '0.0.0.0',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'pages',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      defaultSite: 'es',
      siteHosts: { 'es.localhost': 'es', 'news.localhost': 'news' },
      logLevel: 'warn',
      trustProxy: '10.0.0.0/8,127.0.0.1',
      shutdownTimeoutMs: 2500,
      hotCache: { maxBytes: 0, freshMs: 250, trustMs: 5000 },
      rateLimit: { max: 30, windowMs: 10_000 },
      metrics: { host: '0.0.0.0', port: 9999 },
      storage: { driver: 's3', bucket: 'pages', endpoint: 'http://127.0.0.1:9000' },
    });
    expect(loadEdgeConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadEdgeConfig({ EDGE_METRICS_PORT: 'off' }).metrics).toBeUndefined();
  });

  it('turns render on miss on with the queue Redis and its limits (ADR 0018)', () => {
    expect(loadEdgeConfig({}).renderOnMiss).toBeUndefined();
    expect(loadEdgeConfig({ EDGE_RENDER_ON_MISS: 'true' }).renderOnMiss).toEqual({
      redis: { url: 'redis://127.0.0.1:6379' },
      prefix: '{newsroom}',
      limits: { clientBurst: 5, clientPerMinute: 10, totalBurst: 60, totalPerMinute: 600, redisTimeoutMs: 250 },
    });
    const config = loadEdgeConfig({
      EDGE_RENDER_ON_MISS: 'true',
      REDIS_URL: 'redis://redis:6379',
      QUEUE_PREFIX: '{site-a}',
      EDGE_MISS_CLIENT_BURST: '2',
      EDGE_MISS_CLIENT_PER_MINUTE: '4',
      EDGE_MISS_TOTAL_BURST: '20',
      EDGE_MISS_TOTAL_PER_MINUTE: '100',
      EDGE_MISS_REDIS_TIMEOUT_MS: '100',
    });
    expect(config.renderOnMiss).toEqual({
      redis: { url: 'redis://redis:6379' },
      prefix: '{site-a}',
      limits: { clientBurst: 2, clientPerMinute: 4, totalBurst: 20, totalPerMinute: 100, redisTimeoutMs: 100 },
    });
  });

  it('listens for write announcements on the workers\' Redis and channel when asked (ADR 0028)', () => {
    expect(loadEdgeConfig({}).writeAnnouncements).toBeUndefined();
    expect(loadEdgeConfig({ EDGE_WRITE_ANNOUNCEMENTS: 'true' }).writeAnnouncements).toEqual({ redis: { url: 'redis://127.0.0.1:6379' }, prefix: '{newsroom}' });
    expect(loadEdgeConfig({ EDGE_WRITE_ANNOUNCEMENTS: 'true', REDIS_URL: 'redis://redis:6379', QUEUE_PREFIX: '{site-a}' }).writeAnnouncements).toEqual({
      redis: { url: 'redis://redis:6379' },
      prefix: '{site-a}',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SITE: 'fr' }, 'SITE'],
    [{ SITE_HOSTS: 'es.localhost' }, 'SITE_HOSTS'],
    [{ SITE_HOSTS: 'es.localhost=fr' }, 'SITE_HOSTS'],
    [{ SITE_HOSTS: 'bad host=es' }, 'SITE_HOSTS'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ EDGE_HOT_CACHE_BYTES: '-1' }, 'EDGE_HOT_CACHE_BYTES'],
    [{ EDGE_HOT_CACHE_FRESH_MS: 'soon' }, 'EDGE_HOT_CACHE_FRESH_MS'],
    [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX'],
    [{ RATE_LIMIT_WINDOW_MS: '-5' }, 'RATE_LIMIT_WINDOW_MS'],
    [{ EDGE_METRICS_PORT: 'on' }, 'EDGE_METRICS_PORT'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ EDGE_RENDER_ON_MISS: 'maybe' }, 'EDGE_RENDER_ON_MISS'],
    [{ EDGE_WRITE_ANNOUNCEMENTS: 'maybe' }, 'EDGE_WRITE_ANNOUNCEMENTS'],
    [{ EDGE_HOT_CACHE_TRUST_MS: '0' }, 'EDGE_HOT_CACHE_TRUST_MS'],
    [{ EDGE_MISS_CLIENT_BURST: '0' }, 'EDGE_MISS_CLIENT_BURST'],
    [{ EDGE_MISS_REDIS_TIMEOUT_MS: '60000' }, 'EDGE_MISS_REDIS_TIMEOUT_MS'],
    [{ QUEUE_PREFIX: 'newsroom' }, 'QUEUE_PREFIX'],
  ])('names the bad variable: %o', (env, name) => {
    const message = configError(env);
    expect(message).toContain('edge-router');
    expect(message).toContain(name);
  });
});
