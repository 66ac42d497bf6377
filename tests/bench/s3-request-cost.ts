/**
 * S3 request CPU: what one PutObject, HeadObject and GetObject cost the process that sends them, through
 * the S3 driver's direct requests (core/storage/s3-direct.ts, ADR 0051) beside the SDK's commands
 * with and without its cached middleware stack.
 *
 *   npx tsx tests/bench/s3-request-cost.ts                          1,000 requests a run, 5 runs
 *   npx tsx tests/bench/s3-request-cost.ts --puts 2000 --runs 7 --concurrency 8 --bytes 60000
 *
 * s3rver runs in a process of its own, so the CPU counted (process.cpuUsage, user + system) is the
 * client's alone. Each PUT carries what a page's does: a body of `--bytes` (incompressible), its
 * content type, cache control, seven x-amz-meta-* fields and If-None-Match; each HEAD and GET
 * reads one of the objects the PUTs wrote, a GET to its last byte. The paths take turns run
 * by run, so a busy neighbour on the machine hits them alike.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createDirectRequests } from '../../core/storage/s3-direct.js';
import { startS3Process } from './publish/s3-process.js';
import { positiveInt } from './report.js';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { puts: { type: 'string' }, runs: { type: 'string' }, concurrency: { type: 'string' }, bytes: { type: 'string' } } });
  const puts = positiveInt(values.puts, 'puts', 1000);
  const runs = positiveInt(values.runs, 'runs', 5);
  const concurrency = positiveInt(values.concurrency, 'concurrency', 4);
  const bytes = positiveInt(values.bytes, 'bytes', 38_000);

  const s3 = await startS3Process('put-cost');
  const base: S3ClientConfig = {
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  const plain = new S3Client(base);
  const cached = new S3Client({ ...base, cacheMiddleware: true });
  try {
    const body = Buffer.from(randomBytes(Math.ceil(bytes / 2)).toString('hex').slice(0, bytes));
    const sha256 = createHash('sha256').update(body).digest('hex');
    const metadata = { 'content-hash': sha256, 'rendered-at': new Date().toISOString(), reason: 'event', 'job-id': 'bench-1', status: '200', fence: '42', 'surrogate-keys': 'article:1 section:news' };
    const fields = { ContentType: 'text/html; charset=utf-8', CacheControl: 'public, max-age=60, stale-while-revalidate=600' };
    const direct = await createDirectRequests(cached, s3.bucket)();
    if (direct === null) throw new Error('s3rver should take the direct put');
    const headers: Record<string, string> = { 'content-type': fields.ContentType, 'cache-control': fields.CacheControl, 'if-none-match': '*' };
    for (const [name, value] of Object.entries(metadata)) headers[`x-amz-meta-${name}`] = value;

    let serial = 0;
    /** A key the warm-up's PUTs wrote, for a HEAD that finds its object. */
    const written = (key: string): string => `put-cost/${String((Number(/(\d+)/.exec(key)?.[1] ?? '1') % 300) + 1)}.html`;
    const paths: Record<string, (key: string) => Promise<unknown>> = {
      'PutObjectCommand (before)': (key) => plain.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentLength: body.length, ...fields, Metadata: metadata, IfNoneMatch: '*' })),
      'PutObjectCommand, cached stack': (key) => cached.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentLength: body.length, ...fields, Metadata: metadata, IfNoneMatch: '*' })),
      'direct put (after)': (key) => direct.put({ key, body, payloadSha256: sha256, headers }),
      'HeadObjectCommand (before)': (key) => plain.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: written(key) })),
      'HeadObjectCommand, cached stack': (key) => cached.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: written(key) })),
      'direct head (after)': (key) => direct.head(written(key)),
      'GetObjectCommand (before)': async (key) => (await plain.send(new GetObjectCommand({ Bucket: s3.bucket, Key: written(key) }))).Body?.transformToByteArray(),
      'GetObjectCommand, cached stack': async (key) => (await cached.send(new GetObjectCommand({ Bucket: s3.bucket, Key: written(key) }))).Body?.transformToByteArray(),
      'direct get (after)': (key) => direct.get(written(key)),
    };
    const measure = async (send: (key: string) => Promise<unknown>, count: number): Promise<number> => {
      let next = 0;
      const before = process.cpuUsage();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            next += 1;
            serial += 1;
            await send(`put-cost/${String(serial)}.html`);
          }
        }),
      );
      const used = process.cpuUsage(before);
      return (used.user + used.system) / count;
    };

    // Warm-up, not counted: JIT, the connection pools.
    for (const send of Object.values(paths)) await measure(send, Math.min(puts, 300));
    console.log(`s3-request-cost: ${runs} runs of ${puts} requests (PUTs of ${bytes} B) per path, ${concurrency} in flight, s3rver in its own process`);
    const samples: Record<string, number[]> = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));

    for (let run = 0; run < runs; run += 1) {
      const entries = Object.entries(paths);
      // Rotate which path goes first.
      const order = [...entries.slice(run % entries.length), ...entries.slice(0, run % entries.length)];
      for (const [name, send] of order) samples[name]?.push(await measure(send, puts));
    }
    console.log('');
    console.log(`${'path'.padEnd(32)}  ${'client CPU µs a request: median'.padStart(31)}  ${'min'.padStart(7)}  ${'max'.padStart(7)}  runs`);
    for (const [name, values] of Object.entries(samples)) {
      console.log(`${name.padEnd(32)}  ${median(values).toFixed(0).padStart(31)}  ${Math.min(...values).toFixed(0).padStart(7)}  ${Math.max(...values).toFixed(0).padStart(7)}  ${values.length}`);
    }
    for (const [request, before, after] of [
      ['PUT', 'PutObjectCommand (before)', 'direct put (after)'],
      ['HEAD', 'HeadObjectCommand (before)', 'direct head (after)'],
      ['GET', 'GetObjectCommand (before)', 'direct get (after)'],
    ] as const) {
      const was = median(samples[before] ?? []);
      const is = median(samples[after] ?? []);
      if (was > 0) console.log(`${request}: after / before ${(is / was).toFixed(2)} (${(was - is).toFixed(0)} µs less CPU a request)`);
    }
  } finally {
    plain.destroy();
    cached.destroy();
    await s3.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
