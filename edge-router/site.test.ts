import { describe, expect, it } from 'vitest';
import { resolveSite } from './site.js';

describe('resolveSite', () => {
  const resolution = { defaultSite: 'news', siteHosts: { 'es.localhost': 'es' } } as const;
  it('matches the host without case or a trailing dot, else the default', () => {
    expect(resolveSite('es.localhost', resolution)).toBe('es');
    expect(resolveSite('ES.LOCALHOST.', resolution)).toBe('es');
    expect(resolveSite('localhost', resolution)).toBe('news');
    expect(resolveSite(undefined, resolution)).toBe('news');
    expect(resolveSite('__proto__', resolution)).toBe('news');
  });
});
