import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPlatformError } from '../errors.js';
import { envVars, maskCredentials, parseEnv } from './env.js';

const shape = {
  PORT: envVars.port(8080),
  REDIS_URL: envVars.redisUrl(),
  UPSTREAM_URL: envVars.url().optional(),
  LOG_LEVEL: envVars.logLevel(),
  WEBHOOK_SECRET: envVars.secret().optional(),
  CONCURRENCY: envVars.positiveInt(4),
  PURGE: envVars.bool(true),
  NAME: z.string().default('edge'),
};

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('parseEnv', () => {
  it('applies defaults when variables are unset', () => {
    expect(parseEnv(shape, { REDIS_URL: 'redis://127.0.0.1:6379' }, 'edge')).toEqual({
      PORT: 8080,
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'info',
      CONCURRENCY: 4,
      PURGE: true,
      NAME: 'edge',
    });
  });

  it('parses and coerces the values that are set', () => {
    const config = parseEnv(
      shape,
      {
        PORT: '3000',
        REDIS_URL: 'rediss://cache:6380/2',
        UPSTREAM_URL: 'https://api.example.com/v1',
        LOG_LEVEL: 'debug',
        WEBHOOK_SECRET: 'a-very-long-secret-value',
        CONCURRENCY: '8',
        PURGE: '0',
      },
      'edge',
    );
    expect(config).toMatchObject({ PORT: 3000, CONCURRENCY: 8, PURGE: false, LOG_LEVEL: 'debug', UPSTREAM_URL: 'https://api.example.com/v1' });
  });

  it('reads only the variables in the shape', () => {
    const config = parseEnv(shape, { REDIS_URL: 'redis://r', HOME: '/root', AWS_SECRET_ACCESS_KEY: 'x' }, 'edge');
    expect(Object.keys(config)).not.toContain('HOME');
    expect(Object.keys(config)).not.toContain('AWS_SECRET_ACCESS_KEY');
  });

  it('names a missing required variable and the service', () => {
    const error = errorOf(() => parseEnv(shape, {}, 'render-workers'));
    expect(isPlatformError(error, 'CONFIG_INVALID')).toBe(true);
    const message = error instanceof Error ? error.message : '';
    expect(message).toContain('render-workers');
    expect(message).toContain('REDIS_URL is required');
  });

  it('names a malformed variable and shows the value it got', () => {
    const error = errorOf(() => parseEnv(shape, { REDIS_URL: 'http://not-redis', PORT: '99999' }, 'edge'));
    expect(isPlatformError(error, 'CONFIG_INVALID')).toBe(true);
    const message = error instanceof Error ? error.message : '';
    expect(message).toContain('REDIS_URL="http://not-redis" is invalid');
    expect(message).toContain('must be a redis:// or rediss:// URL');
    expect(message).toContain('PORT="99999" is invalid');
  });

  it('rejects malformed booleans, levels and short secrets by name', () => {
    for (const [name, value] of [
      ['PURGE', 'yes'],
      ['LOG_LEVEL', 'loud'],
      ['CONCURRENCY', '0'],
      ['UPSTREAM_URL', 'ftp://example.com'],
    ] as const) {
      const error = errorOf(() => parseEnv(shape, { REDIS_URL: 'redis://r', [name]: value }, 'edge'));
      expect(isPlatformError(error, 'CONFIG_INVALID'), name).toBe(true);
      expect(error instanceof Error ? error.message : '').toContain(`${name}=${JSON.stringify(value)} is invalid`);
    }
  });

  it('never quotes a secret, nor the password of a URL, in the error', () => {
    const error = errorOf(() => parseEnv(shape, { REDIS_URL: 'http://newsroom:hunter2-password@redis:6379', WEBHOOK_SECRET: 'short-s3cret' }, 'edge'));
    const message = error instanceof Error ? error.message : '';
    expect(message).toContain('WEBHOOK_SECRET (value hidden, 12 characters) is invalid: must be at least 16 characters');
    expect(message).toContain('REDIS_URL="http://***@redis:6379" is invalid');
    expect(message).not.toContain('short-s3cret');
    expect(message).not.toContain('hunter2');
  });

  it('masks credentials wherever a URL-like word carries them, however the password is written', () => {
    for (const [text, masked] of [
      ['rediss://:s3cret@node1:6379', 'rediss://***@node1:6379'],
      ['redis://user:pa:ss@host', 'redis://***@host'],
      ['redis://u:pa/ss@host:6379/0', 'redis://***@host:6379/0'],
      ['http://u:p@ss@host', 'http://***@host'],
      ['u:secretpw@host:6379', '***@host:6379'],
      ['"node0:6379,rediss://:pw@node1:6379" entry 2 ("rediss://:pw@node1:6379")', '"node0:6379,rediss://***@node1:6379" entry 2 ("rediss://***@node1:6379")'],
      ['redis://redis:6379', 'redis://redis:6379'],
    ] as const) {
      expect(maskCredentials(text), text).toBe(masked);
    }
  });

  it('does not quote a password written into a seed list', () => {
    const seeds = { REDIS_CLUSTER_NODES: envVars.hostPortList() };
    const error = errorOf(() => parseEnv(seeds, { REDIS_CLUSTER_NODES: 'node0:6379,rediss://:s3cretpw@node1:6379' }, 'ingest'));
    const message = error instanceof Error ? error.message : '';
    expect(message).toContain('REDIS_CLUSTER_NODES=');
    expect(message).toContain('must be host:port');
    expect(message).not.toContain('s3cretpw');
  });

  it('treats an empty string as unset: defaults apply and required variables are missing', () => {
    expect(parseEnv(shape, { REDIS_URL: 'redis://r', PORT: '', PURGE: '', UPSTREAM_URL: '' }, 'edge')).toMatchObject({
      PORT: 8080,
      PURGE: true,
    });
    const error = errorOf(() => parseEnv(shape, { REDIS_URL: '' }, 'edge'));
    expect(error instanceof Error ? error.message : '').toContain('REDIS_URL is required');
  });
});
