/**
 * Answering with stored objects, shared by the page-store, assets and not-found plugins. Headers
 * come from the object's own metadata, which the writer chose (docs/architecture.md "Stored object
 * metadata": every object carries its content type, cache policy, surrogate keys and content hash).
 *
 * What a response carries (ADR 0011):
 *   Cache-Control                         the browser's part of the stored policy
 *   Surrogate-Control, CDN-Cache-Control  the CDN's part (s-maxage, stale-while-revalidate, stale-if-error)
 *   Surrogate-Key                         the page and data keys, for purges
 *   ETag, Last-Modified                   the content hash and renderedAt
 *   Vary: Accept-Encoding                 when the body is compressible, so caches keep one copy per coding
 *   Content-Encoding                      br or gzip when negotiated (compression.ts)
 * A 304 carries the same headers without the body and its Content-Type/Length (RFC 9110 §15.4.5:
 * Cache-Control, Date, ETag, Expires (never sent here), Vary; Content-Location is never sent).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPlatformError, PlatformError } from '../core/errors.js';
import { CDN_CACHE_HEADERS, splitCacheControl } from '../core/storage/cache-policy.js';
import { etagFor, type ObjectStore, type StoredObject } from '../core/storage/types.js';
import { isCompressible, negotiateEncoding, varyWithAcceptEncoding } from './plugins/compression.js';
import type { CachedObject } from './plugins/hot-cache.js';

/**
 * Any failure that is not already a catalogued error, as STORAGE_FAILED (503 with Retry-After at
 * the error handler): the storage is down or slow, not the request wrong.
 */
export function storageFailure(error: unknown, key: string, driver: string): PlatformError {
  if (isPlatformError(error)) return error;
  return new PlatformError('STORAGE_FAILED', 'Object storage read failed', { cause: error, details: { key, driver } });
}

/** `store.get` with failures reported as STORAGE_FAILED. */
export async function readObject(store: ObjectStore, key: string): Promise<StoredObject | null> {
  try {
    return await store.get(key);
  } catch (error) {
    throw storageFailure(error, key, store.driver);
  }
}

/** The opaque tags of an If-None-Match value (without any W/ prefix), or '*'; null when malformed. */
export function parseIfNoneMatch(header: string): '*' | string[] | null {
  if (header.trim() === '*') return '*';
  const tags: string[] = [];
  // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE; a list is comma-separated (commas may sit inside).
  const item = /\s*(?:W\/)?("[\x21\x23-\x7E\x80-\xFF]*")\s*(?:,|$)/gy;
  while (item.lastIndex < header.length) {
    const start = item.lastIndex;
    const match = item.exec(header);
    if (match?.[1] === undefined || item.lastIndex === start) return null;
    tags.push(match[1]);
  }
  return tags;
}

/**
 * Does an If-None-Match value match this entity tag? RFC 9110 §13.1.2: weak comparison (W/ is
 * ignored on both sides), any tag of a list, and `*` for any current representation. A malformed
 * value matches nothing, so the client simply gets the full answer.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = parseIfNoneMatch(header);
  if (tags === null) return false;
  if (tags === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return tags.includes(opaque);
}

/**
 * A pure string function remembered for up to `max` distinct inputs (then forgotten all at once).
 * Every response of a hot page parses the same stored Cache-Control and renderedAt again; a
 * CPU profile of the edge serving a hot article put those parses at about 2% of the edge's CPU.
 */
function memoise<T>(fn: (input: string) => T, max = 256): (input: string) => T {
  const seen = new Map<string, T>();
  return (input) => {
    const known = seen.get(input);
    if (known !== undefined || seen.has(input)) return known as T;
    const value = fn(input);
    if (seen.size >= max) seen.clear();
    seen.set(input, value);
    return value;
  };
}

const httpDate = memoise((iso: string): string | null => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toUTCString();
}, 4096);

const splitStoredCacheControl = memoise(splitCacheControl);

function notModifiedSince(request: FastifyRequest, lastModified: string | null): boolean {
  const since = request.headers['if-modified-since'];
  if (lastModified === null || since === undefined) return false;
  const sinceTime = Date.parse(since);
  return !Number.isNaN(sinceTime) && Date.parse(lastModified) <= sinceTime;
}

/** The entity tag of one representation: strong for the stored bytes, weak for a compressed copy. */
export function representationEtag(contentHash: string, compressed: boolean): string {
  const strong = etagFor(contentHash);
  // A compressed body is other bytes with the same meaning: a weak tag (as nginx does), so one
  // validator serves every coding and weak comparison still matches the plain tag.
  return compressed ? `W/${strong}` : strong;
}

/** Sets Cache-Control for browsers and Surrogate-Control/CDN-Cache-Control for the CDN (ADR 0011). */
export function applyCachePolicy(reply: FastifyReply, stored: string): void {
  const { browser, cdn } = splitStoredCacheControl(stored);
  reply.header('cache-control', browser);
  for (const name of CDN_CACHE_HEADERS) {
    if (cdn === null) reply.removeHeader(name);
    else reply.header(name, cdn);
  }
}

export interface SendStoredOptions {
  /** Status to answer with; defaults to the object's own (200 unless its metadata says otherwise). */
  status?: number;
  /** Answer 304 to a matching conditional request. Only for 200 answers (RFC 9110 §15.4.5). */
  conditional?: boolean;
  /** Replaces the stored Cache-Control (assets are always immutable). */
  cacheControl?: string;
  /** Sent after the stored surrogate keys (a 404 that asked for a render carries the page's key). */
  extraSurrogateKeys?: readonly string[];
}

/**
 * Sends a stored object with its metadata headers, compressed when the client accepts it; 304 with
 * no body when the client already has this version. GET and HEAD alike (Fastify's HEAD route runs
 * this handler and drops the body, keeping Content-Length).
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedObject,
  options: SendStoredOptions = {},
): Promise<FastifyReply> {
  const { meta } = cached.object;
  const compressible = isCompressible(meta.contentType, cached.object.body.length);
  const coding = compressible ? negotiateEncoding(request.headers['accept-encoding']) : 'identity';
  const etag = representationEtag(meta.contentHash, coding !== 'identity');
  const lastModified = httpDate(meta.renderedAt);

  applyCachePolicy(reply, options.cacheControl ?? meta.cacheControl);
  reply.header('etag', etag);
  if (lastModified !== null) reply.header('last-modified', lastModified);
  // Surrogate keys let the CDN purge exactly the pages that read changed data (docs/architecture.md,
  // "Dependency index"); the metadata validator guarantees each key is one header token.
  const surrogateKeys = options.extraSurrogateKeys === undefined ? meta.surrogateKeys : [...meta.surrogateKeys, ...options.extraSurrogateKeys];
  if (surrogateKeys.length > 0) reply.header('surrogate-key', surrogateKeys.join(' '));
  if (compressible) reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary') as string | undefined));

  const status = options.status ?? meta.status ?? 200;
  if ((options.conditional ?? true) && status === 200) {
    const ifNoneMatch = request.headers['if-none-match'];
    // If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.2.2).
    const fresh = ifNoneMatch !== undefined ? ifNoneMatchMatches(ifNoneMatch, etag) : notModifiedSince(request, lastModified);
    if (fresh) {
      // No body on a 304. For HEAD, Fastify's HEAD route sets Content-Length from the payload it
      // drops; given none it would say 0, which RFC 9110 §8.6 forbids on a 304 (any Content-Length
      // must be the 200's). Handing it the representation makes it the 200's length; nothing is sent.
      return reply.code(304).send(request.method === 'HEAD' ? await cached.body(coding) : undefined);
    }
  }
  const body = await cached.body(coding);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.code(status).type(meta.contentType).send(body);
}
