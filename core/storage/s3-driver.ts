/**
 * The S3 ObjectStore (docs/architecture.md, "Stored object metadata"): AWS S3 or any S3-compatible endpoint (MinIO in
 * docker compose, s3rver in tests).
 *
 * Content-Type and Cache-Control are native S3 fields, so any S3 tooling shows them; the rest of
 * ObjectMeta travels as x-amz-meta-* user metadata and is parsed back with zod on read. S3 replaces
 * an object atomically on PUT, which gives the ObjectStore atomicity contract; on top of that every
 * `get` checks the body against its recorded content hash (see `readAttempts`).
 *
 * Conditional writes (ADR 0023) are S3's own: `If-Match: <ETag>` to replace or delete the version
 * the writer read, `If-None-Match: *` to create. AWS S3 and MinIO refuse with 412 (or 409 when
 * two conditional writes of a key cross); s3rver and older MinIO ignore the headers and write
 * anyway. The ETag is the MD5 of the body, so a version does not change when only metadata does.
 *
 * PutObject, HeadObject and GetObject are signed and sent by s3-direct.ts, without the SDK's
 * command pipeline and with the client's own endpoint, credentials, signer, HTTP handler and retry
 * rules (ADR 0051); the other commands go through the SDK.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  BucketLocationConstraint,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { z } from 'zod';
import { PlatformError, isPlatformError } from '../errors.js';
import { checkPutMeta, parseStoredMeta, verifiedObject } from './meta.js';
import { assertListPrefix, assertObjectKey } from './object-key.js';
import { createDirectRequests, DEFAULT_GET_LIMITS, objectTooLarge } from './s3-direct.js';
import type { ObjectMeta, ObjectStat, ObjectStore, StoredObject, WriteCondition, WriteOutcome } from './types.js';

export interface S3StoreOptions {
  /** S3-compatible endpoint URL (MinIO, s3rver); AWS's regional endpoint when omitted. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Static credentials; both or neither. Without them the SDK's default chain is used (env, profile, role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (http://host/bucket/key): MinIO and s3rver need them (docs/architecture.md "Tool constraints"). Default true. */
  forcePathStyle?: boolean;
  /** Create the bucket on first use when it is missing; for local stacks and tests. Default false. */
  createBucket?: boolean;
  /** Budget for x-amz-meta-* keys plus values, in bytes. AWS S3 refuses more than 2 KB. Default 2048. */
  maxUserMetadataBytes?: number;
  /** Keys per ListObjectsV2 page. Default 1000 (the S3 maximum). */
  listPageSize?: number;
  /** Attempts at a consistent `get` before STORED_OBJECT_CORRUPT. Default 3. */
  readAttempts?: number;
  /**
   * A request whose socket stays idle this long fails (and is retried by the SDK), so a hung
   * storage connection cannot hold a render or a reader's request forever. Default 10 s.
   */
  idleTimeoutMs?: number;
  /** Time allowed to open a connection. Default 3 s. */
  connectionTimeoutMs?: number;
  /**
   * A `get` of a larger object fails (STORAGE_FAILED) instead of reading it: no page or sitemap
   * comes near it. Default 64 MiB.
   */
  maxObjectBytes?: number;
  /**
   * A `get` whose body is still arriving after this long gives the attempt up (and retries it),
   * so a body trickling in cannot hold a reader's request past the idle timeout. Default 30 s.
   */
  readTimeoutMs?: number;
}

const DEFAULTS = {
  forcePathStyle: true,
  createBucket: false,
  maxUserMetadataBytes: 2048,
  listPageSize: 1000,
  readAttempts: 3,
  idleTimeoutMs: 10_000,
  connectionTimeoutMs: 3_000,
  maxObjectBytes: DEFAULT_GET_LIMITS.maxBytes,
  readTimeoutMs: DEFAULT_GET_LIMITS.bodyTimeoutMs,
} as const;

/** User metadata names (sent as x-amz-meta-<name>; S3 lower-cases them). */
const META = {
  surrogateKeys: 'surrogate-keys',
  surrogateKeysDeflated: 'surrogate-keys-deflate',
  contentHash: 'content-hash',
  renderedAt: 'rendered-at',
  reason: 'reason',
  jobId: 'job-id',
  status: 'status',
  fence: 'fence',
} as const;

const userMetadataSchema = z.object({
  [META.surrogateKeys]: z.string().optional(),
  [META.surrogateKeysDeflated]: z.string().regex(/^[A-Za-z0-9+/=]*$/).optional(),
  [META.contentHash]: z.string(),
  [META.renderedAt]: z.string(),
  [META.reason]: z.string(),
  [META.jobId]: z.string().optional(),
  [META.status]: z
    .string()
    .regex(/^[1-5][0-9]{2}$/)
    .transform(Number)
    .optional(),
  [META.fence]: z
    .string()
    .regex(/^[0-9]{1,16}$/)
    .transform(Number)
    .optional(),
});

export function createS3Store(options: S3StoreOptions): ObjectStore {
  const settings = { ...DEFAULTS, ...options };
  const { bucket } = settings;
  if ((settings.accessKeyId === undefined) !== (settings.secretAccessKey === undefined)) {
    throw new PlatformError('CONFIG_INVALID', 'S3 credentials need both an access key id and a secret access key, or neither');
  }
  const config: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Without these the SDK streams bodies with aws-chunked framing and trailing checksums, which
    // S3-compatible servers (s3rver, older MinIO) store verbatim (docs/architecture.md "Tool constraints").
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { socketTimeout: settings.idleTimeoutMs, connectionTimeout: settings.connectionTimeoutMs },
    // Each command's middleware stack is built once per command class, not on every send: nothing
    // here changes a stack after the first request (ADR 0051).
    cacheMiddleware: true,
  };
  if (settings.endpoint !== undefined) config.endpoint = settings.endpoint;
  if (settings.accessKeyId !== undefined && settings.secretAccessKey !== undefined) {
    config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  }
  const client = new S3Client(config);
  const direct = createDirectRequests(client, bucket, { maxBytes: settings.maxObjectBytes, bodyTimeoutMs: settings.readTimeoutMs });

  let bucketReady: Promise<void> | undefined;
  /** Creates the bucket once, on first use, when asked to; a failure is retried on the next call. */
  async function ready(): Promise<void> {
    if (!settings.createBucket) return;
    bucketReady ??= ensureBucket().catch((error: unknown) => {
      bucketReady = undefined;
      throw error;
    });
    await bucketReady;
  }

  async function ensureBucket(): Promise<void> {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
      return;
    } catch (error) {
      if (statusOf(error) !== 404) throw failed('check bucket', bucket, error);
    }
    const location = Object.values(BucketLocationConstraint).find((region) => region === settings.region);
    try {
      await client.send(
        new CreateBucketCommand({
          Bucket: bucket,
          // AWS wants the region named for any region but us-east-1 (which is not in the enum).
          ...(location === undefined ? {} : { CreateBucketConfiguration: { LocationConstraint: location } }),
        }),
      );
    } catch (error) {
      const name = error instanceof S3ServiceException ? error.name : '';
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw failed('create bucket', bucket, error);
    }
  }

  function metaFromResponse(key: string, response: { ContentType?: string; CacheControl?: string; Metadata?: Record<string, string> }): ObjectMeta {
    const user = userMetadataSchema.safeParse(response.Metadata ?? {});
    if (!user.success) {
      throw new PlatformError('STORED_OBJECT_CORRUPT', `Stored object ${key} has malformed user metadata: ${z.prettifyError(user.error)}`, {
        details: { key },
      });
    }
    const data = user.data;
    const jobId = data[META.jobId];
    const status = data[META.status];
    const fence = data[META.fence];
    return parseStoredMeta(
      {
        contentType: response.ContentType,
        cacheControl: response.CacheControl,
        surrogateKeys: decodeSurrogateKeys(key, data[META.surrogateKeys], data[META.surrogateKeysDeflated]),
        contentHash: data[META.contentHash],
        renderedAt: data[META.renderedAt],
        reason: data[META.reason],
        // Absent, not undefined: a read gives back exactly the meta that was written.
        ...(jobId === undefined ? {} : { jobId }),
        ...(status === undefined ? {} : { status }),
        ...(fence === undefined ? {} : { fence }),
      },
      key,
    );
  }

  async function getOnce(key: string): Promise<StoredObject | null> {
    let response: { ContentType?: string; CacheControl?: string; Metadata?: Record<string, string> };
    let body: Buffer;
    try {
      const requests = await direct();
      if (requests === null) {
        const sent = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if ((sent.ContentLength ?? 0) > settings.maxObjectBytes) {
          // In Node the body is the response stream: closed, not read.
          (sent.Body as { destroy?: () => void } | undefined)?.destroy?.();
          throw objectTooLarge(key, `${String(sent.ContentLength)} bytes declared`, settings.maxObjectBytes);
        }
        response = sent;
        body = sent.Body ? Buffer.from(await sent.Body.transformToByteArray()) : Buffer.alloc(0);
      } else {
        const answer = await requests.get(key);
        response = answer;
        body = answer.Body;
      }
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw failed('get', key, error);
    }
    return verifiedObject(key, body, metaFromResponse(key, response));
  }

  async function get(key: string): Promise<StoredObject | null> {
    assertObjectKey(key);
    await ready();
    // S3 replaces objects atomically, so a body that doesn't match its hash is corruption; but
    // some S3-compatible servers (s3rver among them) write body and metadata separately, and a
    // read racing a write sees a mix for a moment. A fresh read settles that case; a mismatch
    // that persists is reported as STORED_OBJECT_CORRUPT and never served.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await getOnce(key);
      } catch (error) {
        if (!isPlatformError(error, 'STORED_OBJECT_CORRUPT') || attempt >= settings.readAttempts) throw error;
        await new Promise((r) => setTimeout(r, 10 * 2 ** attempt));
      }
    }
  }

  /** One HEAD of `key`: its response, or null when there is no such object. */
  async function headResponse(key: string): Promise<{ ContentType?: string; CacheControl?: string; ETag?: string; Metadata?: Record<string, string> } | null> {
    assertObjectKey(key);
    await ready();
    try {
      const requests = await direct();
      return requests === null ? await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })) : await requests.head(key);
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw failed('head', key, error);
    }
  }

  async function head(key: string): Promise<ObjectMeta | null> {
    const response = await headResponse(key);
    return response === null ? null : metaFromResponse(key, response);
  }

  async function stat(key: string): Promise<ObjectStat | null> {
    const response = await headResponse(key);
    if (response === null) return null;
    const meta = metaFromResponse(key, response);
    if (response.ETag === undefined || response.ETag === '') {
      throw new PlatformError('STORAGE_FAILED', `S3 storage answered no ETag for ${key}, so it cannot be written conditionally`, { details: { key } });
    }
    return { meta, version: response.ETag };
  }

  /** The direct put's headers (s3-direct.ts): what PutObjectCommand would send for these fields. */
  function putHeaders(meta: ObjectMeta, metadata: Record<string, string>, condition: WriteCondition | undefined): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': meta.contentType, 'cache-control': meta.cacheControl };
    for (const [name, value] of Object.entries(metadata)) headers[`x-amz-meta-${name}`] = value;
    const { IfMatch, IfNoneMatch } = conditionHeaders(condition);
    if (IfMatch !== undefined) headers['if-match'] = IfMatch;
    if (IfNoneMatch !== undefined) headers['if-none-match'] = IfNoneMatch;
    return headers;
  }

  /** The request headers for a condition: If-Match names the version read, If-None-Match creates only. */
  function conditionHeaders(condition: WriteCondition | undefined): { IfMatch?: string; IfNoneMatch?: string } {
    if (typeof condition?.ifVersion === 'string') return { IfMatch: condition.ifVersion };
    if (condition?.ifVersion === null) return { IfNoneMatch: '*' };
    return {};
  }

  async function put(key: string, body: Buffer, meta: ObjectMeta, condition?: WriteCondition): Promise<WriteOutcome> {
    assertObjectKey(key);
    const checked = checkPutMeta(key, body, meta);
    const metadata = encodeUserMetadata(key, checked, settings.maxUserMetadataBytes);
    await ready();
    // No lock to hold it in: the guard runs just before the request (ADR 0023 says what that leaves).
    if (condition?.guard && !(await condition.guard())) return 'fenced';
    try {
      const requests = await direct();
      if (requests === null) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
            ContentType: checked.contentType,
            CacheControl: checked.cacheControl,
            Metadata: metadata,
            ...conditionHeaders(condition),
          }),
        );
      } else {
        await requests.put({ key, body, payloadSha256: checked.contentHash, headers: putHeaders(checked, metadata, condition) });
      }
      return 'written';
    } catch (error) {
      if (condition?.ifVersion !== undefined && isConditionFailure(error)) return 'version-changed';
      // If-Match on a key that is gone: AWS answers 404 NoSuchKey (a missing bucket is not that).
      if (typeof condition?.ifVersion === 'string' && isMissingObject(error)) return 'version-changed';
      throw failed('put', key, error);
    }
  }

  async function remove(key: string, condition?: WriteCondition): Promise<WriteOutcome> {
    assertObjectKey(key);
    await ready();
    // "Only if there is none": there is nothing to delete.
    if (condition?.ifVersion === null) return 'written';
    if (condition?.guard && !(await condition.guard())) return 'fenced';
    const { IfMatch } = conditionHeaders(condition);
    try {
      // S3 answers 204 for a missing key too; a 404 from another server means the same.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key, ...(IfMatch === undefined ? {} : { IfMatch }) }));
      return 'written';
    } catch (error) {
      // With If-Match, a missing object is one that changed since it was read.
      if (IfMatch !== undefined && (isConditionFailure(error) || isMissingObject(error))) return 'version-changed';
      if (isMissingObject(error)) return 'written';
      throw failed('delete', key, error);
    }
  }

  async function* list(prefix: string): AsyncGenerator<string> {
    assertListPrefix(prefix);
    await ready();
    let token: string | undefined;
    let last: string | undefined;
    do {
      let page;
      try {
        page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: settings.listPageSize, ContinuationToken: token }),
        );
      } catch (error) {
        throw failed('list', prefix, error);
      }
      const keys = (page.Contents ?? []).flatMap((entry) => (entry.Key === undefined ? [] : [entry.Key]));
      // S3 lists in UTF-8 byte order (the same as code-unit order for our ASCII keys); s3rver
      // lists in directory order, so each page is sorted, and an order that pages can't fix is
      // reported instead of silently yielding keys out of order.
      keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const first = keys[0];
      if (last !== undefined && first !== undefined && first <= last) {
        throw new PlatformError('STORAGE_FAILED', `S3 listing of ${prefix} is not in key order across pages`, { details: { prefix } });
      }
      for (const key of keys) yield key;
      last = keys.at(-1) ?? last;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  }

  function close(): Promise<void> {
    client.destroy();
    return Promise.resolve();
  }

  return { driver: 's3', get, head, stat, put, delete: remove, list, close };
}

/**
 * ObjectMeta -> x-amz-meta-* values. Surrogate keys are space-separated like the Surrogate-Key
 * header they feed. A page that read many data keys can exceed the 2 KB S3 allows for user
 * metadata; then the list is stored deflated and base64-encoded, and a list too long even so is
 * refused (OBJECT_META_INVALID) rather than failing on AWS only.
 */
export function encodeUserMetadata(key: string, meta: ObjectMeta, maxBytes: number = DEFAULTS.maxUserMetadataBytes): Record<string, string> {
  const base: Record<string, string> = {
    [META.contentHash]: meta.contentHash,
    [META.renderedAt]: meta.renderedAt,
    [META.reason]: meta.reason,
  };
  if (meta.jobId !== undefined) base[META.jobId] = meta.jobId;
  if (meta.status !== undefined) base[META.status] = String(meta.status);
  if (meta.fence !== undefined) base[META.fence] = String(meta.fence);
  const joined = meta.surrogateKeys.join(' ');
  const plain = { ...base, [META.surrogateKeys]: joined };
  if (userMetadataBytes(plain) <= maxBytes) return plain;
  const deflated = { ...base, [META.surrogateKeysDeflated]: deflateRawSync(Buffer.from(joined, 'ascii')).toString('base64') };
  if (userMetadataBytes(deflated) <= maxBytes) return deflated;
  throw new PlatformError(
    'OBJECT_META_INVALID',
    `Refusing to store ${key}: ${meta.surrogateKeys.length} surrogate keys exceed the ${maxBytes}-byte S3 user metadata limit even compressed`,
    { details: { key, surrogateKeys: meta.surrogateKeys.length } },
  );
}

/** How AWS counts user metadata: the UTF-8 bytes of every name and value. */
function userMetadataBytes(metadata: Record<string, string>): number {
  return Object.entries(metadata).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value), 0);
}

function decodeSurrogateKeys(key: string, plain: string | undefined, deflated: string | undefined): string[] {
  let joined = plain ?? '';
  if (deflated !== undefined) {
    try {
      joined = inflateRawSync(Buffer.from(deflated, 'base64')).toString('ascii');
    } catch (error) {
      throw new PlatformError('STORED_OBJECT_CORRUPT', `Stored object ${key} has undecodable surrogate keys`, { cause: error, details: { key } });
    }
  }
  return joined === '' ? [] : joined.split(' ');
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return undefined;
}

/**
 * A refused condition: 412 PreconditionFailed, or 409 ConditionalRequestConflict when another
 * conditional write of the key was in flight (AWS asks to read again and retry).
 */
function isConditionFailure(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode;
  return status === 412 || error.name === 'PreconditionFailed' || (status === 409 && error.name === 'ConditionalRequestConflict');
}

/** NoSuchKey (GET) or a bare 404 (HEAD has no body to name the error); a missing bucket is not "no object". */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

function failed(operation: string, key: string, cause: unknown): PlatformError {
  if (cause instanceof PlatformError) return cause;
  return new PlatformError('STORAGE_FAILED', `S3 storage could not ${operation} ${key || '(bucket root)'}`, {
    cause,
    details: { key, operation, status: statusOf(cause) },
  });
}
