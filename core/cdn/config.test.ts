import { describe, expect, it } from 'vitest';
import { parseEnv, type EnvSource } from '../config/env.js';
import { cdnConfigFromEnv, cdnEnvShape, describeCdnTarget } from './config.js';

const parse = (env: EnvSource) => cdnConfigFromEnv(parseEnv(cdnEnvShape, env, 'test'), 'test');

describe('CDN purge configuration', () => {
  it('purges nothing by default, with the documented batch settings', () => {
    expect(parse({})).toEqual({ target: { driver: 'none' }, batchWindowMs: 50, maxBatchSize: 100, retries: 3, timeoutMs: 5_000 });
  });

  it('reads several Varnish addresses, comma- or space-separated', () => {
    const config = parse({ CDN_PURGE: 'varnish', CDN_PURGE_URLS: 'http://varnish-a:8080/, http://varnish-b:8080', CDN_PURGE_BATCH_MS: '20' });
    expect(config.target).toEqual({ driver: 'varnish', urls: ['http://varnish-a:8080', 'http://varnish-b:8080'] });
    expect(config.batchWindowMs).toBe(20);
  });

  it('names the variable when Varnish has no address or a bad one', () => {
    expect(() => parse({ CDN_PURGE: 'varnish' })).toThrow(/CDN_PURGE_URLS is required when CDN_PURGE=varnish/);
    expect(() => parse({ CDN_PURGE: 'varnish', CDN_PURGE_URLS: 'varnish:8080' })).toThrow(/CDN_PURGE_URLS: "varnish:8080" is not an http\(s\) URL/);
    expect(() => parse({ CDN_PURGE: 'akamai' })).toThrow(/CDN_PURGE="akamai" is invalid/);
    expect(() => parse({ CDN_PURGE_BATCH_SIZE: '1000' })).toThrow(/CDN_PURGE_BATCH_SIZE/);
  });

  it('needs a Fastly service and token, and never quotes the token', () => {
    const token = 'tok-0123456789abcdef';
    expect(() => parse({ CDN_PURGE: 'fastly', FASTLY_API_TOKEN: token })).toThrow(/FASTLY_SERVICE_ID required when CDN_PURGE=fastly/);
    expect(() => parse({ CDN_PURGE: 'fastly' })).toThrow(/FASTLY_SERVICE_ID and FASTLY_API_TOKEN required/);
    const config = parse({ CDN_PURGE: 'fastly', FASTLY_SERVICE_ID: 'svc1', FASTLY_API_TOKEN: token, FASTLY_API_URL: 'http://127.0.0.1:9/' });
    expect(config.target).toEqual({ driver: 'fastly', apiUrl: 'http://127.0.0.1:9', serviceId: 'svc1', token });
    expect(JSON.stringify(describeCdnTarget(config.target))).not.toContain(token);
    expect(describeCdnTarget(config.target)).toEqual({ driver: 'fastly', apiUrl: 'http://127.0.0.1:9', serviceId: 'svc1' });
  });
});
