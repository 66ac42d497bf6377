/**
 * Filesystem store CPU: what one create, one `stat` and one replace (`stat`, then a put
 * conditional on the version read) cost the process that makes them, through the filesystem
 * driver (core/storage/fs-driver.ts), as a publish makes them: each page in a directory of its own,
 * every write conditional and guarded (the guard answers at once, so no Redis time is counted).
 *
 *   npx tsx tests/bench/fs-store-cost.ts                              2,000 pages a run, 5 runs
 *   npx tsx tests/bench/fs-store-cost.ts --pages 4000 --runs 7 --concurrency 8 --bytes 60000 --not-durable
 *
 * The CPU counted is process.cpuUsage (user + system, every thread: the fsync's too). On ext4
 * without a journal (this machine's disk) every inode freed in the last minutes makes each create
 * step over it (ADR 0047), so this bench removes nothing until its last run is measured, and its
 * figures mean little within a few minutes of a large removal (a CI clone's, another bench's).
 * Compare two versions by running this from each checkout in turn.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createFsStore } from '../../core/storage/fs-driver.js';
import type { ObjectMeta, ObjectStore } from '../../core/storage/types.js';
import { positiveInt, summarise } from './report.js';

/** The operations measured, in the order each run makes them (a replace needs the created object). */
const OPERATIONS = ['create', 'stat', 'replace'] as const;
type Operation = (typeof OPERATIONS)[number];

/** Runs `operation` once per page, `concurrency` at a time; the CPU it took, in µs per page. */
async function cpuPerPage(pages: number, concurrency: number, operation: (page: number) => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < pages) await operation(next++);
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / pages;
}

async function measureRun(store: ObjectStore, pages: number, concurrency: number, body: Buffer, meta: ObjectMeta): Promise<Record<Operation, number>> {
  const key = (page: number): string => `news/pages/bench-page-${page}/index.html`;
  const guard = (): Promise<boolean> => Promise.resolve(true);
  const create = await cpuPerPage(pages, concurrency, (page) => store.put(key(page), body, meta, { ifVersion: null, guard }));
  const stat = await cpuPerPage(pages, concurrency, (page) => store.stat(key(page)));
  const replace = await cpuPerPage(pages, concurrency, async (page) => {
    const stored = await store.stat(key(page));
    const outcome = await store.put(key(page), body, { ...meta, fence: (meta.fence ?? 0) + 1 }, { ifVersion: stored?.version ?? null, guard });
    if (outcome !== 'written') throw new Error(`a replace of ${key(page)} came back ${outcome}`);
  });
  return { create, stat, replace };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { pages: { type: 'string' }, runs: { type: 'string' }, concurrency: { type: 'string' }, bytes: { type: 'string' }, 'not-durable': { type: 'boolean' } },
  });
  const pages = positiveInt(values.pages, 'pages', 2000);
  const runs = positiveInt(values.runs, 'runs', 5);
  const concurrency = positiveInt(values.concurrency, 'concurrency', 4);
  const bytes = positiveInt(values.bytes, 'bytes', 38_000);
  const durable = values['not-durable'] !== true;

  const body = Buffer.from(randomBytes(Math.ceil(bytes / 2)).toString('hex').slice(0, bytes));
  const meta: ObjectMeta = {
    contentType: 'text/html; charset=utf-8',
    cacheControl: 'public, max-age=60, stale-while-revalidate=600',
    surrogateKeys: ['page:news:/bench', 'article:bench', 'section:news'],
    contentHash: createHash('sha256').update(body).digest('hex'),
    renderedAt: new Date().toISOString(),
    reason: 'bench',
    jobId: 'bench-1',
    fence: 42,
  };
  const root = await mkdtemp(join(tmpdir(), 'bench-fs-store-'));
  const samples: Record<Operation, number[]> = { create: [], stat: [], replace: [] };
  try {
    for (let run = 0; run < runs; run += 1) {
      // A store of its own per run, in a new directory: every create is a first publish's.
      const store = createFsStore({ root: join(root, `run-${run}`), durable });
      try {
        const figures = await measureRun(store, pages, concurrency, body, meta);
        for (const operation of OPERATIONS) samples[operation].push(figures[operation]);
      } finally {
        await store.close();
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  console.log(`fs-store-cost: ${runs} runs of ${pages} pages (${bytes} B each), ${concurrency} in flight, ${durable ? 'durable (fdatasync)' : 'not durable'}`);
  console.log('');
  console.log(`${'operation'.padEnd(10)}  ${'CPU µs a page: median'.padStart(21)}  ${'min'.padStart(7)}  ${'max'.padStart(7)}  runs`);
  for (const operation of OPERATIONS) {
    const { median, min, max } = summarise(samples[operation]);
    console.log(`${operation.padEnd(10)}  ${median.toFixed(0).padStart(21)}  ${min.toFixed(0).padStart(7)}  ${max.toFixed(0).padStart(7)}  ${runs}`);
  }
  console.log('');
  console.log('Removing the runs\' directories freed their inodes: wait a few minutes before measuring again on this disk (ADR 0047).');
}

await main();
