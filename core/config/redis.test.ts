import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCertificates } from '../../tests/support/redis-cluster.js';
import { parseEnv } from './env.js';
import { DEFAULT_REDIS_URL, queuePrefixEnvShape, redisEnvShape, redisTargetFromEnv } from './redis.js';

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

describe('a Redis Cluster with a password and TLS', () => {
  const NODES = '10.0.0.5:7000,10.0.0.6:7000';
  const clusterNodes = [
    { host: '10.0.0.5', port: 7000 },
    { host: '10.0.0.6', port: 7000 },
  ];
  const PASSWORD = 'pw-Zq7!never-logged';
  let dir: string;
  let caFile: string;
  let ca: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'redis-config-test-'));
    // A bundle: two certificates, with text around them as CA bundles often have.
    ca = `# test CA\n${(await testCertificates()).ca}${(await testCertificates()).ca}`;
    caFile = join(dir, 'ca.pem');
    await writeFile(caFile, ca);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the password, the ACL user, TLS and the CA bundle', () => {
    expect(target({ REDIS_CLUSTER_NODES: NODES, REDIS_CLUSTER_PASSWORD: PASSWORD })).toEqual({ clusterNodes, auth: { password: PASSWORD } });
    expect(target({ REDIS_CLUSTER_NODES: NODES, REDIS_CLUSTER_PASSWORD: PASSWORD, REDIS_CLUSTER_USERNAME: 'newsroom' })).toEqual({
      clusterNodes,
      auth: { username: 'newsroom', password: PASSWORD },
    });
    // TLS with Node's default roots (a managed service's public CA), or with a bundle read now.
    expect(target({ REDIS_CLUSTER_NODES: NODES, REDIS_CLUSTER_TLS: 'true' })).toEqual({ clusterNodes, tls: {} });
    expect(target({ REDIS_CLUSTER_NODES: NODES, REDIS_CLUSTER_TLS: '1', REDIS_CLUSTER_TLS_CA_FILE: caFile })).toEqual({ clusterNodes, tls: { ca } });
    // Off by default, and when said so; empty counts as unset.
    expect(target({ REDIS_CLUSTER_NODES: NODES })).toEqual({ clusterNodes });
    expect(target({ REDIS_CLUSTER_NODES: NODES, REDIS_CLUSTER_TLS: 'false', REDIS_CLUSTER_PASSWORD: '' })).toEqual({ clusterNodes });
  });

  it('parses REDIS_CLUSTER_TLS like every boolean variable', () => {
    expect(() => target({ REDIS_CLUSTER_NODES: NODES, REDIS_CLUSTER_TLS: 'yes' })).toThrow(/svc: invalid configuration: REDIS_CLUSTER_TLS="yes" is invalid/);
  });

  it('refuses them without REDIS_CLUSTER_NODES: one server takes them in REDIS_URL', () => {
    const cases: [Record<string, string>, string][] = [
      [{ REDIS_CLUSTER_PASSWORD: PASSWORD }, 'REDIS_CLUSTER_PASSWORD applies'],
      [{ REDIS_URL: 'redis://r:6379', REDIS_CLUSTER_USERNAME: 'newsroom' }, 'REDIS_CLUSTER_USERNAME applies'],
      [{ REDIS_CLUSTER_TLS: 'true' }, 'REDIS_CLUSTER_TLS applies'],
      [{ REDIS_CLUSTER_TLS_CA_FILE: caFile }, 'REDIS_CLUSTER_TLS_CA_FILE applies'],
      [{ REDIS_CLUSTER_PASSWORD: PASSWORD, REDIS_CLUSTER_TLS: 'true' }, 'REDIS_CLUSTER_PASSWORD, REDIS_CLUSTER_TLS apply'],
    ];
    for (const [env, names] of cases) {
      let error: unknown;
      try {
        target(env);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
      const message = (error as Error).message;
      expect(message).toBe(
        `svc: invalid configuration: ${names} to a Redis Cluster only and REDIS_CLUSTER_NODES is not set; ` +
          'for one server the credentials and TLS go in REDIS_URL (redis://user:password@host:6379, rediss:// for TLS)',
      );
      expect(message).not.toContain(PASSWORD);
    }
    // TLS said off is no Cluster setting left behind.
    expect(target({ REDIS_CLUSTER_TLS: 'false' })).toEqual({ url: DEFAULT_REDIS_URL });
  });

  it('refuses a user without a password, and a CA file without TLS', () => {
    expect(() => target({ REDIS_CLUSTER_NODES: NODES, REDIS_CLUSTER_USERNAME: 'newsroom' })).toThrow(
      'svc: invalid configuration: REDIS_CLUSTER_USERNAME is set without REDIS_CLUSTER_PASSWORD: an ACL user logs in with a password',
    );
    for (const tls of [{}, { REDIS_CLUSTER_TLS: 'false' }] as Record<string, string>[]) {
      expect(() => target({ REDIS_CLUSTER_NODES: NODES, REDIS_CLUSTER_TLS_CA_FILE: caFile, ...tls })).toThrow(
        'svc: invalid configuration: REDIS_CLUSTER_TLS_CA_FILE is set but REDIS_CLUSTER_TLS is not true: set REDIS_CLUSTER_TLS=true to connect over TLS',
      );
    }
  });

  it('stops at start-up on a CA file it can not read or that holds no certificate', async () => {
    const tls = { REDIS_CLUSTER_NODES: NODES, REDIS_CLUSTER_TLS: 'true', REDIS_CLUSTER_PASSWORD: PASSWORD };
    const missing = join(dir, 'missing.pem');
    expect(() => target({ ...tls, REDIS_CLUSTER_TLS_CA_FILE: missing })).toThrow(
      `svc: invalid configuration: REDIS_CLUSTER_TLS_CA_FILE=${JSON.stringify(missing)} can not be read: ENOENT`,
    );
    expect(() => target({ ...tls, REDIS_CLUSTER_TLS_CA_FILE: dir })).toThrow(/REDIS_CLUSTER_TLS_CA_FILE=".*" can not be read: EISDIR/);

    const notPem = join(dir, 'key.txt');
    await writeFile(notPem, 'not a certificate\n');
    expect(() => target({ ...tls, REDIS_CLUSTER_TLS_CA_FILE: notPem })).toThrow(
      `svc: invalid configuration: REDIS_CLUSTER_TLS_CA_FILE=${JSON.stringify(notPem)} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
    );
    const garbled = join(dir, 'garbled.pem');
    await writeFile(garbled, `${(await testCertificates()).ca}-----BEGIN CERTIFICATE-----\nbm90IGRlcg==\n-----END CERTIFICATE-----\n`);
    expect(() => target({ ...tls, REDIS_CLUSTER_TLS_CA_FILE: garbled })).toThrow(/REDIS_CLUSTER_TLS_CA_FILE=".*garbled.pem": certificate 2 can not be parsed/);

    // Unreadable: root reads any file whatever its mode, so only another user sees this one.
    if (process.getuid?.() !== 0) {
      const locked = join(dir, 'locked.pem');
      await writeFile(locked, ca);
      await chmod(locked, 0o000);
      expect(() => target({ ...tls, REDIS_CLUSTER_TLS_CA_FILE: locked })).toThrow(/can not be read: EACCES/);
    }
  });
});

describe('QUEUE_PREFIX (queuePrefixEnvShape, spread by every service)', () => {
  it('defaults to the queue prefix and refuses one without a {hash tag}, naming the variable', () => {
    expect(parseEnv(queuePrefixEnvShape, {}, 'svc').QUEUE_PREFIX).toBe('{newsroom}');
    expect(parseEnv(queuePrefixEnvShape, { QUEUE_PREFIX: '{stage}:a' }, 'svc').QUEUE_PREFIX).toBe('{stage}:a');
    expect(() => parseEnv(queuePrefixEnvShape, { QUEUE_PREFIX: 'newsroom' }, 'svc')).toThrow(/QUEUE_PREFIX.*must contain a \{hash tag\} so every queue key lands in one Redis Cluster slot/);
  });
});
