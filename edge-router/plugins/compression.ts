/**
 * Compression negotiated by Accept-Encoding (docs/architecture.md "Edge router"): br, gzip or identity, by the
 * client's q-values, with `Vary: Accept-Encoding` on every answer whose body could have been
 * compressed.
 *
 * Two paths, one negotiation rule:
 *   - stored objects (pages, feeds, the 404 page, assets) are compressed here, and the hot cache
 *     (hot-cache.ts) keeps the compressed bodies next to the plain one, so a hot page is compressed
 *     once per version per process, not once per request;
 *   - everything else (the live /api/ JSON) goes through @fastify/compress, registered by this
 *     plugin before any route so its per-route hook reaches the routes registered later.
 *     Routes that send stored objects opt out of it with `compress: false`.
 *
 * No content coding is acceptable only when the client says so ("identity;q=0" or "*;q=0" with no
 * br or gzip). RFC 9110 §12.5.3 lets a server then disregard the header: we send identity rather
 * than a 406, so a crawler with an odd header still gets the page.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { appWidePlugin } from './define-plugin.js';

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Bodies smaller than this are sent as they are: the framing costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality 5 and gzip level 6: a stored body is compressed once per version and reused, so
 * a little more CPU than @fastify/compress's per-request default (brotli 4) buys smaller pages.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
/** Brotli quality for per-request compression (live JSON), as @fastify/compress recommends. */
const DYNAMIC_BROTLI_QUALITY = 4;

/** Server preference among equal q-values: smallest first. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

const IMPLICIT_IDENTITY_WEIGHT = 0.0001;

/** Parses one Accept-Encoding header into coding -> q (lower-case codings; x-gzip is gzip). */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawCoding = '', ...params] = part.split(';');
    let coding = rawCoding.trim().toLowerCase();
    if (coding === '') continue;
    if (coding === 'x-gzip') coding = 'gzip';
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match?.[1] !== undefined) q = Math.min(1, Number(match[1]));
    }
    // A coding listed twice keeps its highest weight.
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0));
  }
  return weights;
}

/**
 * The content coding to answer with (RFC 9110 §12.5.3). No header: identity. Otherwise the
 * acceptable coding with the highest q, ties broken br > gzip > identity; `*` stands for any
 * coding not named; identity, when not named, is acceptable (unless `*;q=0`) but least preferred.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentCoding {
  if (header === undefined) return 'identity';
  const weights = parseAcceptEncoding(Array.isArray(header) ? header.join(',') : header);
  const star = weights.get('*');
  const weightOf = (coding: ContentCoding): number => {
    const named = weights.get(coding);
    if (named !== undefined) return named;
    if (star !== undefined) return star;
    // Identity unnamed is acceptable but the least preferred: below the smallest q a client can
    // give (0.001), so "br;q=0.5" still means br.
    return coding === 'identity' ? IMPLICIT_IDENTITY_WEIGHT : 0;
  };
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

// text/*, JSON, XML (RSS, sitemaps), JavaScript and SVG; never images, fonts or archives.
const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|javascript|manifest\+json)|image\/svg\+xml)/i;

/** Whether a body of this type and size is worth compressing (and so varies by Accept-Encoding). */
export function isCompressible(contentType: string, bytes: number): boolean {
  return bytes >= COMPRESSION_THRESHOLD_BYTES && COMPRESSIBLE.test(contentType);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses a body off the event loop (zlib's thread pool). */
export async function compressBody(body: Buffer, coding: Exclude<ContentCoding, 'identity'>): Promise<Buffer> {
  if (coding === 'br') {
    return await brotliAsync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
    });
  }
  return await gzipAsync(body, { level: GZIP_LEVEL });
}

/** Adds Accept-Encoding to a Vary value, keeping what is there. */
export function varyWithAcceptEncoding(current: string | undefined): string {
  if (current === undefined || current.trim() === '') return 'Accept-Encoding';
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(current) ? current : `${current}, Accept-Encoding`;
}

/** @fastify/compress for the responses that are not stored objects (live /api/ JSON). */
export const compressionPlugin = appWidePlugin('edge-compression', async (app) => {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip', 'identity'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    // Nothing here reads a request body (the guard lets only GET and HEAD through).
    globalDecompression: false,
  });
});
