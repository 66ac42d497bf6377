/**
 * The S3 driver's direct PutObject, HeadObject and GetObject (s3-direct.ts, ADR 0051), in front of a real s3rver.
 *
 * s3rver does not check SigV4 signatures, so the front below does what S3 does with each request:
 * it recomputes the signature from the request it received (the algorithm as AWS documents it,
 * written here, not the SDK's signer) and checks the payload hash against the body, answering 403
 * or 400 as S3 would. It can also answer a request itself, as S3 answers a refused condition or a
 * throttled request, and counts what it saw.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash, createHmac } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestS3, type TestS3 } from '../../tests/support/s3rver.js';
import { parseStorageConfig } from '../config/storage.js';
import { isPlatformError } from '../errors.js';
import { errorOf, metaFor as contractMeta } from './contract.js';
import { createStore } from './create-store.js';
import { createS3Store } from './s3-driver.js';
import { createDirectRequests } from './s3-direct.js';
import type { ObjectMeta, ObjectStore } from './types.js';
import { contentHash, writeIfChanged } from './write.js';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Null when the signature checked out, else why not. */
  signatureProblem: string | null;
}

/** An answer the front gives instead of forwarding: status and S3 error code. */
type Answer = { status: number; code?: string } | undefined;

interface Front {
  endpoint: string;
  seen: Seen[];
  /** Decides per request; undefined forwards it to s3rver. */
  answer: (seen: Seen) => Answer;
  /**
   * How far the front's clock runs ahead of this host's. Every answer carries the front's time in
   * its Date header, and a request signed more than 15 minutes away from it is refused with 403
   * RequestTimeTooSkewed, as S3 refuses it.
   */
  clockAheadMs: number;
  /** True for a forwarded request whose answer is cut off after its first bytes (a connection lost mid-body). */
  cutMidBody: (seen: Seen) => boolean;
  /** True for a forwarded request whose answer never leaves: s3rver carries it out, then the connection drops. */
  dropAnswer: (seen: Seen) => boolean;
  /** True for a forwarded request whose answer's body is sent a few bytes at a time, every 50 ms. */
  trickle: (seen: Seen) => boolean;
  stop(): Promise<void>;
}

const RFC3986 = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Why the request's SigV4 signature is not the one `secret` gives, or null when it is. */
function signatureProblem(method: string, rawUrl: string, headers: IncomingMessage['headers'], body: Buffer, secret: string, expectedRegion: string): string | null {
  const authorization = headers.authorization;
  if (typeof authorization !== 'string') return 'no Authorization header';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (match === null) return `unreadable Authorization: ${authorization}`;
  const [, , day, region, service, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string, string];
  if (region !== expectedRegion || service !== 's3') return `AuthorizationHeaderMalformed: scope ${region}/${service}`;
  const amzDate = headers['x-amz-date'];
  if (typeof amzDate !== 'string' || !amzDate.startsWith(day)) return 'x-amz-date missing or not of the credential day';
  const payloadHash = headers['x-amz-content-sha256'];
  if (typeof payloadHash !== 'string') return 'no x-amz-content-sha256';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) return 'XAmzContentSHA256Mismatch';
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'host or x-amz-date not signed';
  const url = new URL(rawUrl, 'http://front');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [RFC3986(k), RFC3986(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = names.map((name) => `${name}:${String(headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const key = [day, region, service, 'aws4_request'].reduce<Buffer>((k, part) => createHmac('sha256', k).update(part).digest(), Buffer.from(`AWS4${secret}`));
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  return expected === signature ? null : 'SignatureDoesNotMatch';
}

/** An x-amz-date (20261128T120000Z) as epoch milliseconds, or null. */
function amzDateMs(value: unknown): number | null {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(String(value));
  if (parts === null) return null;
  const [y, mo, d, h, mi, sec] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, sec);
}

async function startFront(s3: TestS3): Promise<Front> {
  const target = new URL(s3.endpoint);
  const front: Front = { endpoint: '', seen: [], answer: () => undefined, clockAheadMs: 0, cutMidBody: () => false, dropAnswer: () => false, trickle: () => false, stop: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? 'GET';
      const problem = signatureProblem(method, req.url ?? '/', req.headers, body, s3.secretAccessKey, s3.region);
      const seen: Seen = { method, path: req.url ?? '/', headers: req.headers, signatureProblem: problem };
      front.seen.push(seen);
      const now = Date.now() + front.clockAheadMs;
      const signedAt = amzDateMs(req.headers['x-amz-date']);
      const skewed = signedAt !== null && Math.abs(signedAt - now) > 15 * 60_000;
      const refusal: Answer =
        problem !== null
          ? { status: problem === 'SignatureDoesNotMatch' ? 403 : 400, code: /^[A-Za-z0-9]+$/.test(problem.split(':')[0] ?? '') ? problem.split(':')[0] : 'AccessDenied' }
          : skewed
            ? { status: 403, code: 'RequestTimeTooSkewed' }
            : undefined;
      const answer: Answer = refusal ?? front.answer(seen);
      const date = new Date(now).toUTCString();
      if (answer !== undefined) {
        const xml = answer.code === undefined || method === 'HEAD' ? '' : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${answer.code}</Code><Message>answered by the test front &amp; its rules</Message></Error>`;
        res.writeHead(answer.status, { 'content-type': 'application/xml', 'x-amz-request-id': 'front-1', 'x-amz-id-2': 'front-host-1', date }).end(xml);
        return;
      }
      const cut = front.cutMidBody(seen);
      const drop = front.dropAnswer(seen);
      const trickle = front.trickle(seen);
      const forwarded = httpRequest({ host: target.hostname, port: target.port, method, path: req.url, headers: req.headers }, (upstream) => {
        if (drop) {
          upstream.resume();
          upstream.on('end', () => res.destroy());
          return;
        }
        res.writeHead(upstream.statusCode ?? 502, { ...upstream.headers, date });
        if (trickle) {
          const chunks: Buffer[] = [];
          upstream.on('data', (chunk: Buffer) => chunks.push(chunk));
          upstream.on('end', () => {
            const whole = Buffer.concat(chunks);
            let sent = 0;
            const drip = setInterval(() => {
              if (res.destroyed || sent >= whole.length) {
                clearInterval(drip);
                res.end();
                return;
              }
              res.write(whole.subarray(sent, sent + 8));
              sent += 8;
            }, 50);
          });
          return;
        }
        if (!cut) {
          upstream.pipe(res);
          return;
        }
        upstream.once('data', (chunk: Buffer) => {
          upstream.destroy();
          res.write(chunk.subarray(0, 1024), () => res.destroy());
        });
      });
      forwarded.on('error', () => res.destroy());
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  front.endpoint = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  front.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return front;
}

/** The shared test metadata with every optional field set, as a worker's writes carry them. */
function metaFor(body: Buffer, overrides: Partial<ObjectMeta> = {}): ObjectMeta {
  return contractMeta(body, {
    cacheControl: 'public, max-age=60, stale-while-revalidate=600',
    surrogateKeys: ['article:1', 'section:news'],
    renderedAt: '2026-11-28T12:00:00.000Z',
    jobId: 'job-7',
    status: 200,
    fence: 42,
    ...overrides,
  });
}


describe('the S3 driver direct PutObject (s3rver behind a front that checks signatures)', () => {
  let s3: TestS3;
  let front: Front;
  let store: ObjectStore;
  beforeAll(async () => {
    s3 = await startTestS3({ bucket: 'direct' });
    front = await startFront(s3);
    store = createS3Store({ ...s3, endpoint: front.endpoint });
  });
  afterEach(() => {
    front.seen.length = 0;
    front.answer = () => undefined;
    front.clockAheadMs = 0;
    front.cutMidBody = () => false;
    front.dropAnswer = () => false;
    front.trickle = () => false;
  });
  afterAll(async () => {
    await store.close();
    await front.stop();
    await s3.stop();
  });

  const puts = (): Seen[] => front.seen.filter((seen) => seen.method === 'PUT');

  it('sends a PUT that S3 would accept, with the content hash as its payload hash, and stores the object as the SDK reads it', async () => {
    const body = Buffer.from('<!doctype html><title>Direct</title><p>Body ü</p>');
    const meta = metaFor(body);
    expect(await store.put('news/pages/direct/index.html', body, meta)).toBe('written');
    const [put] = puts();
    expect(put?.signatureProblem).toBeNull();
    expect(put?.path).toBe('/direct/news/pages/direct/index.html');
    expect(put?.headers['x-amz-content-sha256']).toBe(meta.contentHash);
    expect(put?.headers['content-length']).toBe(String(body.length));
    // Read back with a signed GET, which the front also checked.
    const stored = await store.get('news/pages/direct/index.html');
    expect(stored?.body.equals(body)).toBe(true);
    expect(stored?.meta).toEqual(meta);
    expect(front.seen.map((seen) => [seen.method, seen.signatureProblem])).toEqual([
      ['PUT', null],
      ['GET', null],
    ]);
    expect(await store.get('news/pages/never-written/index.html')).toBeNull();
  });

  it('counts a PUT that S3 stored as written when its answer was lost and the retry was refused, so the page is purged', async () => {
    const key = 'news/pages/answer-lost/index.html';
    const body = Buffer.from('<!doctype html><title>Stored, answer lost</title>');
    const { contentHash: _unused, ...meta } = metaFor(body);
    let sent = 0;
    // The first PUT reaches s3rver and its answer is lost; the retry names "no object" (If-None-Match),
    // which S3 refuses now that the first one is there (s3rver checks no conditions: the front answers).
    front.answer = (seen) => (seen.method === 'PUT' && ++sent > 1 ? { status: 412, code: 'PreconditionFailed' } : undefined);
    front.dropAnswer = (seen) => seen.method === 'PUT' && sent === 1;
    const result = await writeIfChanged(store, key, body, meta, { expectAbsent: true });
    expect(result).toEqual({ written: true, contentHash: contentHash(body) });
    expect(puts().map((seen) => seen.headers['if-none-match'])).toEqual(['*', '*']);
    expect((await store.get(key))?.body.equals(body)).toBe(true);
  });

  it('refuses to read an object larger than the limit set in S3_MAX_OBJECT_BYTES, in one request, with a clear error', async () => {
    const body = Buffer.from('y'.repeat(5000));
    await store.put('news/pages/too-large/index.html', body, metaFor(body));
    front.seen.length = 0;
    const config = parseStorageConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: front.endpoint,
      S3_REGION: s3.region,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_MAX_OBJECT_BYTES: '1000',
    });
    const small = await createStore(config);
    const error = await errorOf(small.get('news/pages/too-large/index.html'));
    await small.close();
    expect(isPlatformError(error, 'STORAGE_FAILED'), String(error)).toBe(true);
    expect(String((error as { cause?: unknown }).cause)).toContain('5000 bytes declared) is larger than the 1000-byte read limit');
    expect(front.seen.map((seen) => seen.method)).toEqual(['GET']);
  });

  it('gives up a GET whose body is still trickling in after the read deadline, and retries it', async () => {
    const body = Buffer.from('z'.repeat(4000));
    await store.put('news/pages/trickle/index.html', body, metaFor(body));
    front.seen.length = 0;
    // 8 bytes every 50 ms: the socket is never idle, and the whole body would take 25 s.
    front.trickle = (seen) => seen.method === 'GET';
    const patient = createS3Store({ ...s3, endpoint: front.endpoint, readTimeoutMs: 300 });
    const started = Date.now();
    const error = await errorOf(patient.get('news/pages/trickle/index.html'));
    await patient.close();
    expect(isPlatformError(error, 'STORAGE_FAILED'), String(error)).toBe(true);
    expect(String((error as { cause?: unknown }).cause)).toContain('still arriving after 300 ms');
    expect(Date.now() - started).toBeLessThan(10_000);
    // Retried as a timeout, as the SDK retries its own: three attempts in all.
    expect(front.seen.map((seen) => seen.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('reads a whole object with a signed GET, retrying a connection lost mid-body', async () => {
    const body = Buffer.from('x'.repeat(200_000));
    await store.put('news/pages/large/index.html', body, metaFor(body));
    front.seen.length = 0;
    let cut = 0;
    front.cutMidBody = (seen) => seen.method === 'GET' && cut++ === 0;
    // One read attempt of the driver's own: the retry must be the request's, not a re-read after a hash mismatch.
    const once = createS3Store({ ...s3, endpoint: front.endpoint, readAttempts: 1 });
    const stored = await once.get('news/pages/large/index.html');
    await once.close();
    expect(stored?.body.equals(body)).toBe(true);
    expect(front.seen.map((seen) => seen.method)).toEqual(['GET', 'GET']);
  });

  it('reads metadata with a signed HEAD: the meta and version the write left, null for a missing key, retried on a 503', async () => {
    const body = Buffer.from('<!doctype html><title>Head</title>');
    const meta = metaFor(body, { surrogateKeys: Array.from({ length: 150 }, (_, i) => `article:${String(100000 + i)}`) });
    await store.put('news/pages/head/index.html', body, meta);
    front.seen.length = 0;
    const stat = await store.stat('news/pages/head/index.html');
    expect(stat?.meta).toEqual(meta); // the surrogate keys came back from their deflated form
    expect(stat?.version).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    expect(front.seen.map((seen) => [seen.method, seen.path, seen.signatureProblem])).toEqual([['HEAD', '/direct/news/pages/head/index.html', null]]);
    expect(await store.head('news/pages/never-written/index.html')).toBeNull();
    let refused = 0;
    front.answer = (seen) => (seen.method === 'HEAD' && refused++ === 0 ? { status: 503, code: 'SlowDown' } : undefined);
    expect(await store.head('news/pages/head/index.html')).toEqual(meta);
    expect(refused).toBe(2);
  });

  it('fails with STORAGE_FAILED (403) and stores nothing when its secret is wrong', async () => {
    const wrong = createS3Store({ ...s3, endpoint: front.endpoint, secretAccessKey: 'not-the-secret' });
    const body = Buffer.from('refused');
    const error = await errorOf(wrong.put('news/pages/refused/index.html', body, metaFor(body)));
    expect(isPlatformError(error, 'STORAGE_FAILED')).toBe(true);
    expect(isPlatformError(error) && error.details).toMatchObject({ operation: 'put', status: 403 });
    expect(puts()).toHaveLength(1); // a client error is not retried
    expect(await store.head('news/pages/refused/index.html')).toBeNull();
    await wrong.close();
  });

  it('sends the conditions and reads a refused one (412, or 409 for crossing writes) as version-changed', async () => {
    const body = Buffer.from('conditional');
    const meta = metaFor(body);
    front.answer = (seen) => (seen.method === 'PUT' ? { status: 412, code: 'PreconditionFailed' } : undefined);
    expect(await store.put('news/pages/cond/index.html', body, meta, { ifVersion: '"abc"' })).toBe('version-changed');
    expect(await store.put('news/pages/cond/index.html', body, meta, { ifVersion: null })).toBe('version-changed');
    front.answer = (seen) => (seen.method === 'PUT' ? { status: 409, code: 'ConditionalRequestConflict' } : undefined);
    expect(await store.put('news/pages/cond/index.html', body, meta, { ifVersion: '"abc"' })).toBe('version-changed');
    const [ifMatch, ifNoneMatch] = puts();
    expect(ifMatch?.headers['if-match']).toBe('"abc"');
    expect(ifNoneMatch?.headers['if-none-match']).toBe('*');
    expect(puts().every((seen) => seen.signatureProblem === null)).toBe(true);
    expect(await store.head('news/pages/cond/index.html')).toBeNull();
  });

  it('retries a throttled or failing PUT as the SDK does, and gives up after its attempts', async () => {
    const body = Buffer.from('retried');
    let refused = 0;
    front.answer = (seen) => {
      if (seen.method !== 'PUT' || refused >= 1) return undefined;
      refused += 1;
      return { status: 503, code: 'SlowDown' };
    };
    expect(await store.put('news/pages/retried/index.html', body, metaFor(body))).toBe('written');
    expect(puts()).toHaveLength(2);
    expect((await store.get('news/pages/retried/index.html'))?.body.toString()).toBe('retried');

    front.seen.length = 0;
    front.answer = (seen) => (seen.method === 'PUT' ? { status: 500, code: 'InternalError' } : undefined);
    const error = await errorOf(store.put('news/pages/broken/index.html', body, metaFor(body)));
    expect(isPlatformError(error, 'STORAGE_FAILED')).toBe(true);
    expect(isPlatformError(error) && error.details).toMatchObject({ status: 500 });
    expect(puts()).toHaveLength(3); // the SDK's default of three attempts
  });

  it('retries what the SDK retries (429, 400 RequestTimeout) and not what it does not (501), keeping the request ids', async () => {
    const body = Buffer.from('classified');
    const once = (status: number, code: string) => {
      let sent = false;
      return (seen: Seen): Answer => {
        if (seen.method !== 'PUT' || sent) return undefined;
        sent = true;
        return { status, code };
      };
    };
    front.answer = once(429, 'TooManyRequests');
    expect(await store.put('news/pages/classified/index.html', body, metaFor(body))).toBe('written');
    expect(puts()).toHaveLength(2);
    front.seen.length = 0;
    front.answer = once(400, 'RequestTimeout');
    expect(await store.put('news/pages/classified/index.html', body, metaFor(body))).toBe('written');
    expect(puts()).toHaveLength(2);
    front.seen.length = 0;
    front.answer = once(501, 'NotImplemented');
    const error = await errorOf(store.put('news/pages/classified/index.html', body, metaFor(body)));
    expect(puts()).toHaveLength(1);
    expect(isPlatformError(error, 'STORAGE_FAILED')).toBe(true);
    const cause = error instanceof Error ? error.cause : undefined;
    expect(cause).toMatchObject({ name: 'NotImplemented', message: 'answered by the test front & its rules', $metadata: { httpStatusCode: 501, requestId: 'front-1', extendedRequestId: 'front-host-1' } });
  });

  it("corrects its clock from S3's Date header after one refused request, retries it, and signs the next ones right", async () => {
    front.clockAheadMs = 60 * 60_000; // S3's clock an hour ahead of this host's
    // s3rver checks request times against its own clock, so the front accepts the PUTs itself.
    front.answer = (seen) => (seen.method === 'PUT' ? { status: 200 } : undefined);
    const body = Buffer.from('skewed');
    const skewed = createS3Store({ ...s3, endpoint: front.endpoint });
    expect(await skewed.put('news/pages/skewed/index.html', body, metaFor(body))).toBe('written');
    // Refused RequestTimeTooSkewed, then signed an hour later by this host's clock and accepted.
    const [refused, accepted] = puts().map((seen) => amzDateMs(seen.headers['x-amz-date']) ?? Number.NaN);
    expect(puts()).toHaveLength(2);
    expect((accepted ?? 0) - (refused ?? 0)).toBeGreaterThanOrEqual(59 * 60_000);
    expect(await skewed.put('news/pages/skewed-2/index.html', body, metaFor(body))).toBe('written');
    expect(puts()).toHaveLength(3);
    await skewed.close();
  });

  it('fails with STORAGE_FAILED, keeping the cause, when the endpoint is down', async () => {
    const down = createS3Store({ ...s3, endpoint: 'http://127.0.0.1:1' });
    const body = Buffer.from('nowhere');
    const error = await errorOf(down.put('news/pages/down/index.html', body, metaFor(body)));
    expect(isPlatformError(error, 'STORAGE_FAILED')).toBe(true);
    expect(error instanceof Error && error.cause !== undefined).toBe(true);
    await down.close();
  });
});

describe('createDirectRequests', () => {
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

  it('leaves an endpoint whose auth scheme is not SigV4 (an S3 Express directory bucket) to the SDK', async () => {
    const client = new S3Client({ region: 'us-west-2', credentials });
    expect(await createDirectRequests(client, 'pages--usw2-az1--x-s3')()).toBeNull();
    const requests = await createDirectRequests(client, 'pages')();
    expect(typeof requests?.put).toBe('function');
    expect(typeof requests?.head).toBe('function');
    client.destroy();
  });

  /** Where a request goes and how it is signed: what the SDK's commands and the direct requests must agree on. */
  const where = (request: { method: string; protocol: string; hostname: string; port?: number; path: string; headers: Record<string, string> }) => ({
    method: request.method,
    protocol: request.protocol,
    hostname: request.hostname,
    port: request.port,
    path: request.path,
    host: request.headers.host,
    scope: /Credential=[^/]+\/\d{8}\/([^,]+)\/aws4_request/.exec(request.headers.authorization ?? '')?.[1],
  });

  it.each([
    ['AWS, virtual-hosted', { region: 'eu-west-1', forcePathStyle: false }, {}],
    ['AWS, path-style', { region: 'eu-west-1', forcePathStyle: true }, {}],
    ['AWS us-east-1, virtual-hosted', { region: 'us-east-1', forcePathStyle: false }, {}],
    ['a custom endpoint, path-style', { region: 'auto', forcePathStyle: true, endpoint: 'http://minio.internal:9000' }, {}],
    ['a custom endpoint with a path', { region: 'eu-west-1', forcePathStyle: true, endpoint: 'https://gateway.example.com:8443/s3' }, {}],
    ['a custom endpoint, virtual-hosted', { region: 'auto', forcePathStyle: false, endpoint: 'https://accountid.r2.example.com' }, {}],
    ['an endpoint from AWS_ENDPOINT_URL_S3', { region: 'eu-west-1', forcePathStyle: true }, { AWS_ENDPOINT_URL_S3: 'http://env-endpoint.internal:9100' }],
  ] as const)('sends PUT, HEAD and GET where the SDK sends them, signed for the same scope: %s', async (_, options, env) => {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const seen: Array<Parameters<typeof where>[0]> = [];
    const client = new S3Client({
      ...options,
      credentials,
      cacheMiddleware: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      // Records each request as it would go out, then fails it (not a retryable error).
      requestHandler: {
        handle: (request: Parameters<typeof where>[0]) => {
          seen.push(request);
          return Promise.reject(new Error('recorded'));
        },
      },
    });
    try {
      const key = 'news/pages/some-story/index.html';
      const body = Buffer.from('same');
      const requests = await createDirectRequests(client, 'newsroom-pages')();
      if (requests === null) throw new Error('expected direct requests for a SigV4 endpoint');
      await expect(client.send(new PutObjectCommand({ Bucket: 'newsroom-pages', Key: key, Body: body }))).rejects.toThrow('recorded');
      await expect(requests.put({ key, body, payloadSha256: createHash('sha256').update(body).digest('hex'), headers: {} })).rejects.toThrow('recorded');
      await expect(client.send(new HeadObjectCommand({ Bucket: 'newsroom-pages', Key: key }))).rejects.toThrow('recorded');
      await expect(requests.head(key)).rejects.toThrow('recorded');
      await expect(client.send(new GetObjectCommand({ Bucket: 'newsroom-pages', Key: key }))).rejects.toThrow('recorded');
      await expect(requests.get(key)).rejects.toThrow('recorded');
      const [sdkPut, directPut, sdkHead, directHead, sdkGet, directGet] = seen.map(where);
      expect(directPut).toEqual(sdkPut);
      expect(directHead).toEqual(sdkHead);
      expect(directGet).toEqual(sdkGet);
      expect(sdkPut?.path.endsWith(`/${key}`)).toBe(true);
    } finally {
      client.destroy();
      vi.unstubAllEnvs();
    }
  });
});
