/**
 * Reading objects from storage and answering with them, shared by the page-store, assets and
 * not-found plugins. Headers come from the object's own metadata, which the writer chose
 * (DESIGN.md, "Object storage": every object carries its content type, cache policy, surrogate
 * keys and content hash); nothing is computed per request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPlatformError, PlatformError } from '../core/errors.js';
import { etagFor, type ObjectStore, type StoredObject } from '../core/storage/types.js';

/**
 * `store.get`, with any failure that is not already a catalogued error reported as
 * STORAGE_FAILED (503 with Retry-After at the error handler): the storage is down or slow, not the
 * request wrong.
 */
export async function readObject(store: ObjectStore, key: string): Promise<StoredObject | null> {
  try {
    return await store.get(key);
  } catch (error) {
    if (isPlatformError(error)) throw error;
    throw new PlatformError('STORAGE_FAILED', 'Object storage read failed', { cause: error, details: { key, driver: store.driver } });
  }
}

/** Does an If-None-Match header value match this entity tag? (RFC 9110 §13.1.2, weak comparison) */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const strip = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || strip(tag) === strip(etag);
  });
}

function httpDate(iso: string): string | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toUTCString();
}

function notModifiedSince(request: FastifyRequest, lastModified: string | null): boolean {
  const since = request.headers['if-modified-since'];
  if (lastModified === null || since === undefined) return false;
  const sinceTime = Date.parse(since);
  return !Number.isNaN(sinceTime) && Date.parse(lastModified) <= sinceTime;
}

export interface SendStoredOptions {
  /** Status to answer with; defaults to the object's own (200 unless its metadata says otherwise). */
  status?: number;
  /** Answer 304 to a matching conditional request. Only for 200 answers (RFC 9110 §15.4.5). */
  conditional?: boolean;
  /** Replaces the stored Cache-Control (assets are always immutable). */
  cacheControl?: string;
}

/**
 * Sends a stored object with its metadata headers: Content-Type, Cache-Control, Surrogate-Key,
 * ETag and Last-Modified; 304 with no body when the client already has this version.
 */
export function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  object: StoredObject,
  options: SendStoredOptions = {},
): FastifyReply {
  const { meta } = object;
  const etag = etagFor(meta.contentHash);
  const lastModified = httpDate(meta.renderedAt);
  reply.header('cache-control', options.cacheControl ?? meta.cacheControl);
  reply.header('etag', etag);
  if (lastModified !== null) reply.header('last-modified', lastModified);
  // Surrogate keys let the CDN purge exactly the pages that read changed data (DESIGN.md,
  // "Dependency index"); the metadata validator guarantees each key is one header token.
  if (meta.surrogateKeys.length > 0) reply.header('surrogate-key', meta.surrogateKeys.join(' '));

  const status = options.status ?? meta.status ?? 200;
  if ((options.conditional ?? true) && status === 200) {
    const ifNoneMatch = request.headers['if-none-match'];
    // If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.2.2).
    const fresh = ifNoneMatch !== undefined ? ifNoneMatchMatches(ifNoneMatch, etag) : notModifiedSince(request, lastModified);
    if (fresh) return reply.code(304).send();
  }
  return reply.code(status).type(meta.contentType).send(object.body);
}
