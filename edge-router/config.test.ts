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
      storage: { driver: 's3', bucket: 'pages', endpoint: 'http://127.0.0.1:9000' },
    });
    expect(loadEdgeConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
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
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
  ])('names the bad variable: %o', (env, name) => {
    const message = configError(env);
    expect(message).toContain('edge-router');
    expect(message).toContain(name);
  });
});
