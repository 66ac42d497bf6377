import { describe, expect, it } from 'vitest';
import { QUEUE_PREFIX } from '../core/queue.js';
import { loadIngestConfig, loadRepublishCliConfig } from './config.js';

const required = { ADMIN_TOKEN: 'a'.repeat(16), WEBHOOK_SECRET: 'w'.repeat(16) };

describe('loadIngestConfig', () => {
  it('applies the defaults', () => {
    expect(loadIngestConfig(required)).toMatchObject({
      adminPort: 3001,
      adminHost: '127.0.0.1',
      adminToken: required.ADMIN_TOKEN,
      webhookSecret: required.WEBHOOK_SECRET,
      redisUrl: 'redis://127.0.0.1:6379',
      queuePrefix: QUEUE_PREFIX,
      schedulesEnabled: true,
      logLevel: 'info',
      // The same storage default as the workers (status, versions, rollback read it).
      storage: { driver: 'fs' },
      cdn: { target: { driver: 'none' } },
    });
  });

  it('reads every variable', () => {
    const config = loadIngestConfig({
      ...required,
      ADMIN_PORT: '4000',
      ADMIN_HOST: '0.0.0.0',
      REDIS_URL: 'rediss://cache:6380',
      QUEUE_PREFIX: '{stage}',
      SCHEDULES_ENABLED: 'false',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({ adminPort: 4000, adminHost: '0.0.0.0', redisUrl: 'rediss://cache:6380', queuePrefix: '{stage}', schedulesEnabled: false, logLevel: 'debug' });
  });

  it('names the bad variables', () => {
    expect(() => loadIngestConfig({})).toThrow(/ADMIN_TOKEN is required.*WEBHOOK_SECRET is required/);
    // Named, never quoted: the token is a secret.
    expect(() => loadIngestConfig({ ...required, ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN \(value hidden, 5 characters\) is invalid: must be at least 16/);
    expect(() => loadIngestConfig({ ...required, QUEUE_PREFIX: 'newsroom' })).toThrow(/QUEUE_PREFIX.*hash tag/);
    expect(() => loadIngestConfig({ ...required, REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
    expect(() => loadIngestConfig({ ...required, SCHEDULES_ENABLED: 'yes' })).toThrow(/SCHEDULES_ENABLED/);
  });
});

describe('loadRepublishCliConfig', () => {
  it('defaults ADMIN_URL and trims a trailing slash', () => {
    expect(loadRepublishCliConfig({ ADMIN_TOKEN: required.ADMIN_TOKEN })).toEqual({ adminUrl: 'http://localhost:3001', adminToken: required.ADMIN_TOKEN, user: undefined });
    expect(loadRepublishCliConfig({ ADMIN_TOKEN: required.ADMIN_TOKEN, ADMIN_URL: 'http://admin:9000/' }).adminUrl).toBe('http://admin:9000');
  });

  it('without ADMIN_URL, asks the admin server at ADMIN_PORT, the port npm start and ingest listen on', () => {
    expect(loadRepublishCliConfig({ ADMIN_TOKEN: required.ADMIN_TOKEN, ADMIN_PORT: '4100' }).adminUrl).toBe('http://localhost:4100');
    // ADMIN_URL wins when both are set.
    expect(loadRepublishCliConfig({ ADMIN_TOKEN: required.ADMIN_TOKEN, ADMIN_PORT: '4100', ADMIN_URL: 'http://admin:9000' }).adminUrl).toBe('http://admin:9000');
    expect(() => loadRepublishCliConfig({ ADMIN_TOKEN: required.ADMIN_TOKEN, ADMIN_PORT: 'http' })).toThrow(/ADMIN_PORT/);
  });

  it('reads USER as the default requester, and treats a blank one as unset', () => {
    const token = { ADMIN_TOKEN: required.ADMIN_TOKEN };
    expect(loadRepublishCliConfig({ ...token, USER: 'jane' }).user).toBe('jane');
    expect(loadRepublishCliConfig({ ...token, USER: '  ' }).user).toBeUndefined();
    expect(loadRepublishCliConfig({ ...token, USER: 'x'.repeat(300) }).user).toHaveLength(200);
  });
});
