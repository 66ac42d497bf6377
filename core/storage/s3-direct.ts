/**
 * PutObject and HeadObject signed and sent without the SDK's command pipeline (ADR 0051).
 *
 * A publish writes two or three objects a page, and a republish first reads each one's metadata
 * (HEAD) to skip what did not change. The SDK spent more CPU on each PutObject than s3rver spends
 * storing it: about 0.9 ms a request, most of it assembling the middleware stack, serialising
 * through the operation's schema, evaluating the endpoint rules and filtering log output, against
 * 0.25 ms for the same signed request sent from here (tests/bench/s3-request-cost.ts). So the driver's
 * `put` and `stat`/`head` build their requests themselves and leave the rest to the SDK's own
 * parts, taken from the client it already has:
 *
 * - the endpoint: the SDK's endpoint rules, evaluated once per store (`endpointProvider`), so AWS
 *   regions, custom endpoints and path-style addressing come out as they do for every other call.
 *   An endpoint whose auth scheme is not plain SigV4 (S3 Express directory buckets, multi-region
 *   access points) gets no direct put: the driver sends PutObjectCommand as before;
 * - the credentials (the SDK's provider chain, memoised and refreshed by it), the region, the clock
 *   offset, the SHA-256 implementation and the signer (`@smithy/signature-v4`, the SDK's own);
 * - the HTTP handler (keep-alive sockets, the connection and idle timeouts the store was given);
 * - the retry strategy (attempts, backoff, retry quota) with the SDK's rules for what is retried:
 *   throttling, 500/502/503/504, timeouts and reset connections.
 *
 * The payload hash is the content hash the writer already computed (checkPutMeta proves it is the
 * body's SHA-256), so the body is not hashed again. An answer other than 2xx becomes an
 * S3ServiceException named by the error code in its XML body, as the SDK reports it, so the driver
 * classifies refused conditions (412, 409) and failures the same way on either path.
 */
import { S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
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

/**
 * Each rejects with an S3ServiceException (a non-2xx answer; a HEAD of a missing object is one
 * named NotFound, status 404) or the network error.
 */
export interface DirectRequests {
  put(request: DirectPutRequest): Promise<void>;
  head(key: string): Promise<DirectHeadAnswer>;
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
}

/** What the SDK would have sent to: the endpoint rules' answer for this bucket. */
interface RuleEndpoint {
  url: URL;
  properties?: { authSchemes?: Array<{ name?: string; signingName?: string; signingRegion?: string }> };
}

/** What the SDK's HTTP handler resolves with (its own type is `any` there). */
interface HandlerAnswer {
  response: { statusCode: number; headers: Record<string, string | undefined>; body?: Readable };
}

/** Error bodies are a few hundred bytes; more than this is not read. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

const THROTTLING_CODES = new Set(['SlowDown', 'Throttling', 'ThrottlingException', 'RequestThrottled', 'RequestThrottledException', 'TooManyRequestsException', 'RequestLimitExceeded']);
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
const TRANSIENT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Direct PutObject and HeadObject for `bucket` on `client`'s endpoint, or null when that endpoint
 * needs what only the SDK's pipeline does (an auth scheme other than SigV4): the caller then sends
 * the SDK's commands. Resolved on first use; a failure to resolve is retried on the next call.
 */
export function createDirectRequests(client: S3Client, bucket: string, forcePathStyle: boolean): () => Promise<DirectRequests | null> {
  let resolving: Promise<DirectRequests | null> | undefined;
  return () => {
    resolving ??= resolveTarget(client, bucket, forcePathStyle)
      .then((target) =>
        target === null
          ? null
          : {
              put: async (request: DirectPutRequest) => {
                await withRetries(client, () => attempt(client, target, { method: 'PUT', key: request.key, body: request.body, payloadSha256: request.payloadSha256, headers: request.headers }));
              },
              head: async (key: string) => headAnswer(await withRetries(client, () => attempt(client, target, { method: 'HEAD', key, payloadSha256: EMPTY_SHA256, headers: {} }))),
            },
      )
      .catch((error: unknown) => {
        resolving = undefined;
        throw error;
      });
    return resolving;
  };
}

async function resolveTarget(client: S3Client, bucket: string, forcePathStyle: boolean): Promise<Target | null> {
  const config = client.config;
  const region = await config.region();
  const custom = config.endpoint === undefined ? undefined : await config.endpoint();
  const endpoint = config.endpointProvider(
    {
      Bucket: bucket,
      Region: region,
      ForcePathStyle: forcePathStyle,
      UseFIPS: await config.useFipsEndpoint(),
      UseDualStack: await config.useDualstackEndpoint(),
      Accelerate: false,
      ...(custom === undefined ? {} : { Endpoint: `${custom.protocol}//${custom.hostname}${custom.port === undefined ? '' : `:${String(custom.port)}`}${custom.path === '/' ? '' : custom.path}` }),
    },
    {},
  ) as RuleEndpoint;
  const schemes = endpoint.properties?.authSchemes ?? [{ name: 'sigv4' }];
  const scheme = schemes[0];
  if (scheme === undefined || scheme.name !== 'sigv4') return null;
  const url = endpoint.url;
  const port = url.port === '' ? undefined : Number(url.port);
  const signer = new SignatureV4({
    credentials: config.credentials,
    region: scheme.signingRegion ?? region,
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
  };
}

/** `run` under the client's retry strategy, with the SDK's rules for what is retried. */
async function withRetries<T>(client: S3Client, run: () => Promise<T>): Promise<T> {
  const strategy = await client.config.retryStrategy();
  // A strategy of the SDK's older shape: one attempt.
  if (!('acquireInitialRetryToken' in strategy)) return await run();
  let token = await strategy.acquireInitialRetryToken('s3');
  for (;;) {
    try {
      const result = await run();
      strategy.recordSuccess(token);
      return result;
    } catch (error) {
      const errorType = retryErrorType(error);
      try {
        token = await strategy.refreshRetryTokenForRetry(token, { errorType });
      } catch {
        // No retry left (or not a retryable error): the attempt's own error is the answer.
        throw error;
      }
    }
  }
}

interface AttemptRequest {
  method: 'PUT' | 'HEAD';
  key: string;
  body?: Buffer;
  payloadSha256: string;
  headers: Record<string, string>;
}

/** SHA-256 of no bytes: a HEAD's payload hash. */
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** One signed request; resolves with the answer's headers when it is 2xx. */
async function attempt(client: S3Client, target: Target, request: AttemptRequest): Promise<HandlerAnswer['response']['headers']> {
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
  const signed = await target.signer.sign(unsigned, { signingDate: new Date(Date.now() + client.config.systemClockOffset) });
  const { response } = (await client.config.requestHandler.handle(signed as typeof unsigned & { clone(): never })) as HandlerAnswer;
  const status = response.statusCode;
  const body = response.body;
  if (status >= 200 && status < 300) {
    // Drained, so the socket goes back to the pool.
    body?.resume();
    return response.headers;
  }
  const text = body === undefined ? '' : await readSome(body);
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]{0,500})<\/Message>/.exec(text)?.[1];
  const header = (name: string): string | undefined => {
    const value = response.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  throw new S3ServiceException({
    name: code ?? nameForStatus(status),
    $fault: status >= 500 ? 'server' : 'client',
    message: message ?? `S3 answered ${String(status)} to ${request.method} ${request.key}`,
    $metadata: { httpStatusCode: status, ...(header('x-amz-request-id') === undefined ? {} : { requestId: header('x-amz-request-id') }) },
  });
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

async function readSome(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    if (size < MAX_ERROR_BODY_BYTES) chunks.push(buffer);
    size += buffer.length;
  }
  return Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY_BYTES).toString('utf8');
}

/** The SDK's retry rules (@smithy/core retry: throttling, transient, server, client), for what a PUT can meet. */
export function retryErrorType(error: unknown): 'THROTTLING' | 'TRANSIENT' | 'SERVER_ERROR' | 'CLIENT_ERROR' {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    if (status === 429 || THROTTLING_CODES.has(error.name)) return 'THROTTLING';
    if (TRANSIENT_STATUSES.has(status) || TRANSIENT_NAMES.has(error.name)) return 'TRANSIENT';
    return status >= 500 ? 'SERVER_ERROR' : 'CLIENT_ERROR';
  }
  if (error instanceof Error) {
    if (error.name === 'AbortError') return 'CLIENT_ERROR';
    const code = (error as { code?: unknown }).code;
    if (TRANSIENT_NAMES.has(error.name) || (typeof code === 'string' && NETWORK_CODES.has(code))) return 'TRANSIENT';
  }
  return 'CLIENT_ERROR';
}
