import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBody, isCompressible, negotiateEncoding, varyWithAcceptEncoding } from './compression.js';

describe('negotiateEncoding (RFC 9110 §12.5.3)', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['GZIP;Q=0.9, BR;q=0.1', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0.1', 'gzip'],
    ['identity', 'identity'],
    ['identity;q=1, gzip;q=0.5', 'identity'],
    ['identity;q=0', 'identity'],
    ['*;q=0', 'identity'],
    ['br;q=0.001', 'br'],
    ['br;q=2', 'br'],
    ['br;q=abc, gzip;q=0.5', 'br'],
    [['gzip;q=0.4', 'br;q=0.3'], 'gzip'],
  ] as const)('%j -> %s', (header, expected) => {
    expect(negotiateEncoding(header as string | string[] | undefined)).toBe(expected);
  });
});

describe('isCompressible', () => {
  it('compresses text-like bodies of at least 1 KiB only', () => {
    expect(isCompressible('text/html; charset=utf-8', 1024)).toBe(true);
    expect(isCompressible('application/rss+xml; charset=utf-8', 5000)).toBe(true);
    expect(isCompressible('application/json', 5000)).toBe(true);
    expect(isCompressible('text/javascript; charset=utf-8', 5000)).toBe(true);
    expect(isCompressible('text/html', 1023)).toBe(false);
    expect(isCompressible('image/png', 50_000)).toBe(false);
    expect(isCompressible('font/woff2', 50_000)).toBe(false);
  });
});

describe('compressBody', () => {
  it('round-trips through br and gzip', async () => {
    const body = Buffer.from('<p>news</p>'.repeat(500));
    const br = await compressBody(body, 'br');
    const gz = await compressBody(body, 'gzip');
    expect(br.length).toBeLessThan(body.length / 10);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
  });
});

describe('varyWithAcceptEncoding', () => {
  it('adds Accept-Encoding once', () => {
    expect(varyWithAcceptEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyWithAcceptEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyWithAcceptEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
  });
});
