/**
 * PutObject, HeadObject and GetObject signed and sent without the SDK's command pipeline (ADR 0051).
 *
 * A publish writes two or three objects a page, a republish first reads each one's metadata
 * (HEAD) to skip what did not change, an edit's publish reads the page's stored variants (GET) to
 * keep them as its previous version, and the edge reads a page (GET) on its first request. The SDK spent more CPU on each PutObject than s3rver spends
 * storing it: about 0.9 ms a request, most of it assembling the middleware stack, serialising
 * through the operation's schema, evaluating the endpoint rules and filtering log output, against
 * 0.25 ms for the same signed request sent from here (tests/bench/s3-request-cost.ts). So the driver's
 * `put`, `stat`/`head` and `get` build their requests themselves and leave the rest to the SDK's own
 * parts, taken from the client it already has:
 *
 * - the endpoint: the SDK's own resolution for a PutObject of the bucket
 *   (`getEndpointFromInstructions`, once per store), so AWS regions, custom endpoints, endpoints
 *   set by AWS_ENDPOINT_URL_S3 or a profile, and path-style addressing come out as for the SDK's
 *   commands. An endpoint whose auth scheme is not plain SigV4 (S3 Express directory buckets,
 *   multi-region access points) or that asks for headers of its own gets no direct requests: the
 *   driver sends the SDK's commands there as before;
 * - the credentials (the SDK's provider chain, memoised and refreshed by it), the region, the
 *   SHA-256 implementation and the signer (`@smithy/signature-v4`, the SDK's own);
 * - the clock offset, which each answer's Date header corrects as the SDK's signer does, so a
 *   host whose clock is off is corrected after one refused request (RequestTimeTooSkewed), which
 *   is then retried;
 * - the HTTP handler (keep-alive sockets, the connection and idle timeouts the store was given);
 * - the retry strategy (attempts, backoff, retry quota) and the SDK's own rules for what is retried
 *   (`@smithy/core/retry`: throttling, transient and server errors, Retry-After).
 *
 * The payload hash is the content hash the writer already computed (checkPutMeta proves it is the
 * body's SHA-256), so the body is not hashed again. An answer other than 2xx becomes an
 * S3ServiceException named by the error code in its XML body, as the SDK reports it, so the driver
 * classifies refused conditions (412, 409) and failures the same way on either path.
 */
import { PutObjectCommand, S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
import { getEndpointFromInstructions } from '@smithy/core/endpoints';
import { getRetryAfterHint, isServerError, isThrottlingError, isTransientError } from '@smithy/core/retry';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Readable } from 'node:stream';

export interface DirectPutRequest {
  key: string;
  body: Buffer;
  /** The body's SHA-256, lower-case hex (ObjectMeta.contentHash). */
  payloadSha256: string;
  /** Content-Type, Cache-Control, x-amz-meta-*, conditions: lower-case names. */
  headers: Record<string, string>;
}

/** A HEAD's answer, in the shape of the SDK's HeadObjectOutput fields the driver reads. */
export interface DirectHeadAnswer {
  ContentType?: string;
  CacheControl?: string;
  ETag?: string;
  /** x-amz-meta-* headers, by name without the prefix (lower-case, as S3 keeps them). */
  Metadata: Record<string, string>;
}

/** A GET's answer: the HEAD's fields and the whole body. */
export interface DirectGetAnswer extends DirectHeadAnswer {
  Body: Buffer;
}

/**
 * Each rejects with an S3ServiceException (a non-2xx answer; a HEAD of a missing object is one
 * named NotFound, status 404) or the network error.
 */
export interface DirectRequests {
  put(request: DirectPutRequest): Promise<void>;
  head(key: string): Promise<DirectHeadAnswer>;
  /** Reads the whole body within the attempt, so a connection lost mid-body is retried like any other. */
  get(key: string): Promise<DirectGetAnswer>;
}

interface Target {
  protocol: string;
  hostname: string;
  port: number | undefined;
  /** The host header the signature covers. */
  host: string;
  /** The endpoint's path ('/bucket' path-style, '' virtual-hosted), to which '/<key>' is appended. */
  basePath: string;
  signer: SignatureV4;
  /** False when the client was told not to correct its clock (disableClockSkewCorrection). */
  correctClock: boolean;
}

/** What the SDK's HTTP handler resolves with (its own type is `any` there): an HttpResponse. */
interface HandlerAnswer {
  response: { statusCode: number; headers: Record<string, string | undefined>; body?: Readable };
}

/** The SDK's signer stops correcting its clock from an answer that took longer than this. */
const MAX_SAMPLED_ROUND_TRIP_MS = 900_000;
/** A correction this large, learned from a refused request's answer, makes it worth retrying. */
const CLOCK_SKEW_RETRY_MS = 240_000;

/** Error bodies are a few hundred bytes; more than this is not read. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** How much of a GET's body is read, and for how long (S3StoreOptions.maxObjectBytes, readTimeoutMs). */
export interface GetLimits {
  /** A larger body is refused, before it is read when its length is declared: not retried. */
  maxBytes: number;
  /** A body still arriving after this long is given up, and the attempt retried as a timeout. */
  bodyTimeoutMs: number;
}

/** Far above any page or sitemap the site stores; a body past it is not an object of ours. */
export const DEFAULT_GET_LIMITS: GetLimits = { maxBytes: 64 * 1024 * 1024, bodyTimeoutMs: 30_000 };

/** A GET's body over the read limit; its name is one the retry rules do not retry (the object is as large next time). */
export function objectTooLarge(key: string, size: string, maxBytes: number): Error {
  return Object.assign(new Error(`S3 GET ${key}: the body (${size}) is larger than the ${maxBytes}-byte read limit`), { name: 'ObjectTooLarge' });
}

/**
 * Direct PutObject, HeadObject and GetObject for `bucket` on `client`'s endpoint, or null when that
 * endpoint needs what only the SDK's pipeline does (an auth scheme other than SigV4, headers of its
 * own): the caller then sends the SDK's commands. Resolved on first use; a failure to resolve is
 * retried on the next call.
 */
export function createDirectRequests(client: S3Client, bucket: string, limits: GetLimits = DEFAULT_GET_LIMITS): () => Promise<DirectRequests | null> {
  let resolving: Promise<DirectRequests | null> | undefined;
  return () => {
    resolving ??= resolveTarget(client, bucket)
      .then((target) =>
        target === null
          ? null
          : {
              put: async (request: DirectPutRequest) => {
                await withRetries(client, () => attempt(client, target, { method: 'PUT', ...request }));
              },
              head: async (key: string) => headAnswer((await withRetries(client, () => attempt(client, target, { method: 'HEAD', key, payloadSha256: EMPTY_SHA256, headers: {} }))).headers),
              get: async (key: string) => {
                const answer = await withRetries(client, () => attempt(client, target, { method: 'GET', key, payloadSha256: EMPTY_SHA256, headers: {} }, limits));
                return { ...headAnswer(answer.headers), Body: answer.body ?? Buffer.alloc(0) };
              },
            },
      )
      .catch((error: unknown) => {
        resolving = undefined;
        throw error;
      });
    return resolving;
  };
}

async function resolveTarget(client: S3Client, bucket: string): Promise<Target | null> {
  const config = client.config;
  const endpoint = await getEndpointFromInstructions({ Bucket: bucket }, PutObjectCommand, { ...config });
  const scheme = endpoint.properties?.authSchemes?.[0] as { name?: string; signingName?: string; signingRegion?: string } | undefined;
  if (scheme?.name !== 'sigv4' || Object.keys(endpoint.headers ?? {}).length > 0) return null;
  const url = endpoint.url;
  const port = url.port === '' ? undefined : Number(url.port);
  const signer = new SignatureV4({
    credentials: config.credentials,
    region: scheme.signingRegion ?? (await config.region()),
    service: scheme.signingName ?? 's3',
    sha256: config.sha256,
    // S3 signs the path as sent, not escaped a second time ("disableDoubleEncoding").
    uriEscapePath: false,
    applyChecksum: true,
  });
  return {
    protocol: url.protocol,
    hostname: url.hostname,
    port,
    host: url.host,
    basePath: url.pathname.replace(/\/+$/, ''),
    signer,
    correctClock: (await config.disableClockSkewCorrection()) !== true,
  };
}

/** `run` under the client's retry strategy, as the SDK's retry middleware runs a command. */
async function withRetries<T>(client: S3Client, run: () => Promise<T>): Promise<T> {
  const strategy = await client.config.retryStrategy();
  // A strategy of the SDK's older shape (only set by hand; the driver never does): one attempt.
  if (!('acquireInitialRetryToken' in strategy)) return await run();
  let token = await strategy.acquireInitialRetryToken('s3');
  for (;;) {
    try {
      const result = await run();
      strategy.recordSuccess(token);
      return result;
    } catch (error) {
      try {
        token = await strategy.refreshRetryTokenForRetry(token, retryErrorInfo(error));
      } catch {
        // No retry left, or not a retryable error: the attempt's own error is the answer.
        throw error;
      }
      // The installed strategy waits inside refreshRetryTokenForRetry; others leave the delay on the token.
      const delay = token.getRetryDelay();
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The SDK's classification of a failed attempt (@smithy/core/retry getRetryErrorInfo). */
function retryErrorInfo(error: unknown): { errorType: 'THROTTLING' | 'TRANSIENT' | 'SERVER_ERROR' | 'CLIENT_ERROR'; retryAfterHint?: Date } {
  const sdkError = (error instanceof Error ? error : new Error(String(error))) as Parameters<typeof isTransientError>[0];
  const errorType = isThrottlingError(sdkError) ? 'THROTTLING' : isTransientError(sdkError) ? 'TRANSIENT' : isServerError(sdkError) ? 'SERVER_ERROR' : 'CLIENT_ERROR';
  const hint = getRetryAfterHint((error as { $response?: unknown }).$response);
  return hint === undefined ? { errorType } : { errorType, retryAfterHint: hint };
}

/**
 * Learns the clock offset from an answer's Date header, as the SDK's signer does: not from a cached
 * answer (Age) nor from one that took longer than 15 minutes. Returns the new offset.
 */
function sampleClock(client: S3Client, headers: HandlerAnswer['response']['headers'], sentAt: number): number {
  const config = client.config;
  const date = headers.date;
  if (date === undefined || headers.age !== undefined) return config.systemClockOffset;
  const serverTime = Date.parse(date);
  const now = Date.now();
  if (Number.isNaN(serverTime) || now - sentAt > MAX_SAMPLED_ROUND_TRIP_MS) return config.systemClockOffset;
  config.systemClockOffset = serverTime - now;
  return config.systemClockOffset;
}

interface AttemptRequest {
  method: 'PUT' | 'HEAD' | 'GET';
  key: string;
  body?: Buffer;
  payloadSha256: string;
  headers: Record<string, string>;
}

/** SHA-256 of no bytes: the payload hash of a HEAD or GET. */
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** One signed request; resolves with the answer's headers (and a GET's whole body) when it is 2xx. */
async function attempt(client: S3Client, target: Target, request: AttemptRequest, limits: GetLimits = DEFAULT_GET_LIMITS): Promise<{ headers: HandlerAnswer['response']['headers']; body?: Buffer }> {
  const unsigned = {
    method: request.method,
    protocol: target.protocol,
    hostname: target.hostname,
    ...(target.port === undefined ? {} : { port: target.port }),
    // Object keys are unreserved characters and '/' only (object-key.ts), so the key is its own encoding.
    path: `${target.basePath}/${request.key}`,
    query: {},
    headers: {
      ...request.headers,
      host: target.host,
      ...(request.body === undefined ? {} : { 'content-length': String(request.body.length) }),
      'x-amz-content-sha256': request.payloadSha256,
    },
    ...(request.body === undefined ? {} : { body: request.body }),
  };
  const offsetBefore = target.correctClock ? client.config.systemClockOffset : 0;
  const signed = await target.signer.sign(unsigned, { signingDate: new Date(Date.now() + offsetBefore) });
  const sentAt = Date.now();
  const { response } = (await client.config.requestHandler.handle(signed as typeof unsigned & { clone(): never })) as HandlerAnswer;
  const offset = target.correctClock ? sampleClock(client, response.headers, sentAt) : 0;
  const status = response.statusCode;
  const body = response.body;
  if (status >= 200 && status < 300) {
    if (request.method === 'GET') return { headers: response.headers, body: body === undefined ? Buffer.alloc(0) : await readBody(body, response.headers['content-length'], limits, request.key) };
    if (body !== undefined) {
      // Drained, so the socket goes back to the pool; a socket lost now has nothing left to say.
      body.on('error', () => {});
      body.resume();
    }
    return { headers: response.headers };
  }
  const text = body === undefined ? '' : await readSome(body).catch(() => '');
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]{0,500})<\/Message>/.exec(text)?.[1];
  const requestId = response.headers['x-amz-request-id'];
  const extendedRequestId = response.headers['x-amz-id-2'];
  const error = new S3ServiceException({
    name: code ?? nameForStatus(status),
    $fault: status >= 500 ? 'server' : 'client',
    message: message === undefined ? `S3 answered ${String(status)} to ${request.method} ${request.key}` : decodeXmlText(message),
    $metadata: {
      httpStatusCode: status,
      ...(requestId === undefined ? {} : { requestId }),
      ...(extendedRequestId === undefined ? {} : { extendedRequestId }),
      // The retry rules retry a request refused for a clock now corrected. Marked only when this
      // answer moved the offset that far (the SDK's signer marks any answer once the offset is that
      // large, so on a host whose clock is off it would retry a 404 or a 412 too).
      ...(Math.abs(offset - offsetBefore) >= CLOCK_SKEW_RETRY_MS ? { clockSkewCorrected: true } : {}),
    },
  });
  // Where the retry rules look for Retry-After, as on an error the SDK deserialised; the status and
  // headers only, so that a kept error holds no socket.
  Object.defineProperty(error, '$response', { value: { statusCode: status, headers: response.headers }, enumerable: false });
  throw error;
}

/** The five predefined XML entities (an error Message is plain text). */
function decodeXmlText(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] ?? '');
}

function headAnswer(headers: HandlerAnswer['response']['headers']): DirectHeadAnswer {
  const answer: DirectHeadAnswer = { Metadata: {} };
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (name === 'content-type') answer.ContentType = value;
    else if (name === 'cache-control') answer.CacheControl = value;
    else if (name === 'etag') answer.ETag = value;
    else if (name.startsWith('x-amz-meta-')) answer.Metadata[name.slice('x-amz-meta-'.length)] = value;
  }
  return answer;
}

/** The name the SDK gives an error whose answer carried no XML code. */
function nameForStatus(status: number): string {
  if (status === 404) return 'NotFound';
  if (status === 412) return 'PreconditionFailed';
  return `Http${String(status)}`;
}

/**
 * A GET's whole body within `limits`. The socket's idle timeout does not end a body that trickles
 * in a byte at a time, nor one far larger than any object of ours, and either would hold a
 * reader's request (the edge's read of a page) for as long as storage liked.
 */
async function readBody(body: Readable, declaredLength: string | undefined, limits: GetLimits, key: string): Promise<Buffer> {
  const refuse = (size: string): Error => {
    body.on('error', () => {});
    body.destroy();
    return objectTooLarge(key, size, limits.maxBytes);
  };
  if (declaredLength !== undefined && Number(declaredLength) > limits.maxBytes) throw refuse(`${declaredLength} bytes declared`);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    body.destroy();
  }, limits.bodyTimeoutMs);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > limits.maxBytes) throw refuse(`over ${size} bytes`);
      chunks.push(buffer);
    }
  } catch (error) {
    if (!timedOut) throw error;
  } finally {
    clearTimeout(timer);
  }
  // "TimeoutError": the retry rules retry it as they retry the SDK's own timeouts.
  if (timedOut) throw Object.assign(new Error(`S3 GET ${key}: the body was still arriving after ${limits.bodyTimeoutMs} ms`), { name: 'TimeoutError' });
  return Buffer.concat(chunks);
}

/** The start of an error answer's body; the connection is given up past MAX_ERROR_BODY_BYTES. */
async function readSome(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    chunks.push(buffer);
    size += buffer.length;
    if (size >= MAX_ERROR_BODY_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY_BYTES).toString('utf8');
}
