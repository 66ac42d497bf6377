import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../errors.js';
import { parseUpstreamConfig, resolveUpstreamBases, UPSTREAM_SERVICE_ENV, UPSTREAM_SERVICES, upstreamEnvShape } from './upstream.js';

describe('upstream config', () => {
  it('defaults to the local sample upstream for every service', () => {
    const config = parseUpstreamConfig({});
    expect(config).toMatchObject({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: 'http://127.0.0.1:4010', UPSTREAM_TIMEOUT_MS: 5000 });
    const bases = resolveUpstreamBases(config);
    for (const service of UPSTREAM_SERVICES) expect(bases[service]).toBe('http://127.0.0.1:4010');
  });

  it('maps prod to www and other stages to their own host (spec 1 §7)', () => {
    const prod = resolveUpstreamBases(parseUpstreamConfig({ UPSTREAM_STAGE: 'prod', UPSTREAM_DOMAIN: 'example.com' }));
    const qa = resolveUpstreamBases(parseUpstreamConfig({ UPSTREAM_STAGE: 'qa', UPSTREAM_DOMAIN: 'example.com' }));
    expect(prod.article).toBe('https://www.example.com');
    expect(qa.layout).toBe('https://qa.example.com');
  });

  it('lets a per-service override win, without its trailing slash', () => {
    const bases = resolveUpstreamBases(
      parseUpstreamConfig({ UPSTREAM_STAGE: 'stage', UPSTREAM_DOMAIN: 'example.com', UPSTREAM_LAYOUT_URL: 'https://layouts.example.net/v2/' }),
    );
    expect(bases.layout).toBe('https://layouts.example.net/v2');
    expect(bases.category).toBe('https://stage.example.com');
  });

  it('refuses a non-local stage without a domain, and a bad value, naming the variable', () => {
    const noDomain = (() => {
      try {
        return parseUpstreamConfig({ UPSTREAM_STAGE: 'dev' });
      } catch (error) {
        return error;
      }
    })();
    expect(isPlatformError(noDomain, 'CONFIG_INVALID')).toBe(true);
    expect(String(noDomain)).toContain('UPSTREAM_DOMAIN');
    expect(() => parseUpstreamConfig({ UPSTREAM_STAGE: 'production' })).toThrow(/UPSTREAM_STAGE/);
    expect(() => parseUpstreamConfig({ UPSTREAM_ARTICLE_URL: 'ftp://x' })).toThrow(/UPSTREAM_ARTICLE_URL/);
    expect(() => parseUpstreamConfig({ UPSTREAM_TIMEOUT_MS: '0' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
  });

  it('declares an override variable for every service', () => {
    for (const name of Object.values(UPSTREAM_SERVICE_ENV)) expect(Object.keys(upstreamEnvShape)).toContain(name);
  });
});
