import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';
import { DEFAULT_REDIS_URL, redisEnvShape, redisTargetFromEnv } from './redis.js';

const target = (env: Record<string, string>) => redisTargetFromEnv(parseEnv(redisEnvShape, env, 'svc'), 'svc');

describe('redisTargetFromEnv', () => {
  it('defaults to the local Redis, and reads REDIS_URL', () => {
    expect(target({})).toEqual({ url: DEFAULT_REDIS_URL });
    expect(target({ REDIS_URL: 'rediss://cache:6380/2' })).toEqual({ url: 'rediss://cache:6380/2' });
  });

  it('reads a Cluster seed list: host names, IPv4, bracketed IPv6, spaces, repeats', () => {
    expect(target({ REDIS_CLUSTER_NODES: 'redis-0.redis:6379, 10.0.0.5:7000,[::1]:7001,10.0.0.5:7000' })).toEqual({
      clusterNodes: [
        { host: 'redis-0.redis', port: 6379 },
        { host: '10.0.0.5', port: 7000 },
        { host: '::1', port: 7001 },
      ],
    });
    // Empty counts as unset, like every variable (core/config/env.ts).
    expect(target({ REDIS_CLUSTER_NODES: '' })).toEqual({ url: DEFAULT_REDIS_URL });
  });

  it('names the bad entry', () => {
    const cases: [string, RegExp][] = [
      ['redis-a', /entry 1 \("redis-a"\) must be host:port/],
      ['10.0.0.5:7000,', /entry 2 \(""\) must be host:port/],
      ['10.0.0.5:0', /entry 1 .* must be host:port/],
      ['10.0.0.5:65536', /entry 1 .* must be host:port/],
      ['::1:7000', /entry 1 .* must be host:port/],
      ['redis://10.0.0.5:7000', /entry 1 .* must be host:port/],
      ['a b:7000', /entry 1 .* must be host:port/],
    ];
    for (const [value, message] of cases) {
      expect(() => target({ REDIS_CLUSTER_NODES: value })).toThrow(message);
      expect(() => target({ REDIS_CLUSTER_NODES: value })).toThrow(`svc: invalid configuration: REDIS_CLUSTER_NODES=${JSON.stringify(value)} is invalid`);
    }
  });

  it('refuses REDIS_URL and REDIS_CLUSTER_NODES together', () => {
    expect(() => target({ REDIS_URL: 'redis://r:6379', REDIS_CLUSTER_NODES: 'r:7000' })).toThrow(
      'svc: invalid configuration: set REDIS_URL (one Redis server) or REDIS_CLUSTER_NODES (a Redis Cluster), not both',
    );
  });
});
