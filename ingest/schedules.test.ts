import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { parseRenderJob, PRIORITY } from '../core/queue.js';
import { createRedis } from '../core/redis.js';
import { createRenderProducer, type RenderProducer } from './producer.js';
import type { PageRef } from '../core/dependency-index.js';
import { acquireTick, defaultSchedules, REFRESH_KEYS, runScheduleTick, ScheduleTickError, startSchedules, TICK_BATCH, tickKey, type ScheduleDefinition, type ScheduleSources } from './schedules.js';
import { eventually } from '../tests/support/eventually.js';
import { capturingLogger } from '../tests/support/log-capture.js';
import { pendingJobs, startIngestTestKit, type IngestTestKit } from './test-helpers.js';

let kit: IngestTestKit;
// A second "ingest process": its own connections to the same Redis.
let otherRedis: Redis;
let otherProducer: RenderProducer;

beforeAll(async () => {
  kit = await startIngestTestKit();
  otherRedis = createRedis(kit.server.url, { name: 'ingest-test-other' });
  otherProducer = createRenderProducer({ redisUrl: kit.server.url, prefix: kit.prefix, logger: kit.logger });
});

afterAll(async () => {
  await otherProducer?.close();
  await otherRedis?.quit();
  await kit?.close();
});

beforeEach(async () => {
  await kit.reset();
});

/** `items` as a stream that hands over one item per turn of the event loop's microtasks. */
async function* streamOf<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield await Promise.resolve(item);
}

/** A schedule's targets read to the end, list or stream alike. */
async function collect(schedule: ScheduleDefinition | undefined): Promise<PageRef[]> {
  if (!schedule) throw new Error('no such schedule');
  const refs: PageRef[] = [];
  for await (const ref of await schedule.targets()) refs.push(ref);
  return refs;
}

describe('tickKey', () => {
  it('names a tick by schedule and minute, tolerating up to 30 s of clock skew', () => {
    const at = (iso: string) => tickKey('home', new Date(iso));
    expect(at('2026-03-28T12:00:00.000Z')).toBe('schedule:home:2026-03-28T12:00Z');
    expect(at('2026-03-28T12:00:29.900Z')).toBe('schedule:home:2026-03-28T12:00Z');
    expect(at('2026-03-28T11:59:31.000Z')).toBe('schedule:home:2026-03-28T12:00Z');
    expect(at('2026-03-28T12:01:00.000Z')).toBe('schedule:home:2026-03-28T12:01Z');
    expect(tickKey('fronts', new Date('2026-03-28T12:00:00Z'))).not.toBe(at('2026-03-28T12:00:00Z'));
  });
});

describe('single firing across processes', () => {
  const fronts = () =>
    Promise.resolve([
      { site: 'news' as const, path: '/politics' },
      { site: 'es' as const, path: '/politica' },
    ]);
  const sources: ScheduleSources = {
    listFrontPaths: fronts,
    pagesReading: (keys) => kit.index.pagesFor(keys),
    sitePages: () => streamOf<PageRef>([{ site: 'news', path: '/' }, { site: 'news', path: '/us/a' }, { site: 'es', path: '/' }]),
  };

  it('acquireTick is granted once per schedule and tick', async () => {
    const tick = new Date('2026-03-28T12:05:00Z');
    const results = await Promise.all([
      acquireTick(kit.redis, kit.prefix, 'fronts', tick),
      acquireTick(otherRedis, kit.prefix, 'fronts', new Date(tick.getTime() + 2_000)),
      acquireTick(otherRedis, kit.prefix, 'fronts', new Date(tick.getTime() - 2_000)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await acquireTick(kit.redis, kit.prefix, 'home', tick)).toBe(true);
    expect(await acquireTick(kit.redis, kit.prefix, 'fronts', new Date('2026-03-28T12:10:00Z'))).toBe(true);
  });

  it('re-renders the news sitemap of both sites every 15 minutes', async () => {
    const newsSitemap = defaultSchedules(sources).find((schedule) => schedule.name === 'news-sitemap');
    expect(newsSitemap?.cron).toBe('*/15 * * * *');
    expect(await newsSitemap?.targets()).toEqual([
      { site: 'news', path: '/sitemap-news.xml' },
      { site: 'es', path: '/sitemap-news.xml' },
    ]);
  });

  it('has the cadences the module justifies, the TV schedule on 30-minute slot boundaries and a nightly sweep', () => {
    const cadence = Object.fromEntries(defaultSchedules(sources).map((s) => [s.name, [s.cron, s.timezone ?? 'UTC', s.reason ?? 'schedule'].join(' | ')]));
    expect(cadence).toEqual({
      home: '* * * * * | UTC | schedule',
      live: '* * * * * | UTC | schedule',
      video: '*/2 * * * * | UTC | schedule',
      fronts: '*/5 * * * * | UTC | schedule',
      'tv-schedule': '0,30 * * * * | UTC | schedule',
      'news-sitemap': '*/15 * * * * | UTC | schedule',
      'crawler-files': '7 * * * * | UTC | schedule',
      sweep: '30 3 * * * | America/New_York | sweep',
    });
  });

  it('finds live, video and TV-schedule pages by what they recorded, and sweeps every page at sweep priority', async () => {
    await kit.index.record({ site: 'news', path: '/coverage/election-night' }, [REFRESH_KEYS.live, 'live-event:/coverage/election-night']);
    await kit.index.record({ site: 'news', path: '/video' }, [REFRESH_KEYS.video, 'schedule:news']);
    await kit.index.record({ site: 'news', path: '/us/a' }, ['article:1']);
    const byName = new Map(defaultSchedules(sources).map((s) => [s.name, s]));
    expect(await byName.get('live')?.targets()).toEqual([{ site: 'news', path: '/coverage/election-night' }]);
    expect(await byName.get('video')?.targets()).toEqual([{ site: 'news', path: '/video' }]);
    expect(await byName.get('tv-schedule')?.targets()).toEqual([{ site: 'news', path: '/video' }]);
    const crawler = (await collect(byName.get('crawler-files'))).map((p) => `${p.site}:${p.path}`);
    expect(crawler).toEqual(expect.arrayContaining(['news:/robots.txt', 'es:/sitemap.xml', 'news:/rss/politics.xml']));

    const sweep = byName.get('sweep');
    if (!sweep) throw new Error('expected the sweep schedule');
    const a = { producer: kit.producer, redis: kit.redis, prefix: kit.prefix, logger: kit.logger };
    expect(await runScheduleTick(a, sweep, new Date('2026-03-28T07:30:00Z'))).toEqual({ fired: true, enqueued: 3 });
    const jobs = (await pendingJobs(kit.inspect)).map((job) => ({ data: parseRenderJob(job.data), priority: job.priority }));
    expect(jobs.map((j) => `${j.data.site}:${j.data.path}`).sort()).toEqual(['es:/', 'news:/', 'news:/us/a']);
    for (const job of jobs) expect(job).toMatchObject({ priority: PRIORITY.sweep, data: { reason: 'sweep', requestedBy: 'cron:sweep' } });
  });

  it('streams a sweep into the queue in batches, and keeps the batches queued when the site map fails part-way', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = capturingLogger('schedules-test', lines);
    // 2.5 batches of pages, then the upstream goes down; the queue is read as the stream is.
    const queuedWhenAsked = new Map<number, number>();
    const sweep: ScheduleDefinition = {
      name: 'sweep',
      cron: '30 3 * * *',
      reason: 'sweep',
      targets: async function* () {
        for (let i = 0; i < TICK_BATCH * 2.5; i += 1) {
          if (i % TICK_BATCH === 0) queuedWhenAsked.set(i, (await pendingJobs(kit.inspect)).length);
          yield { site: 'news', path: `/sweep/page-${i}` };
        }
        throw new Error('site map upstream down');
      },
    };
    const tick = runScheduleTick({ producer: kit.producer, redis: kit.redis, prefix: kit.prefix, logger }, sweep, new Date('2026-03-29T07:30:00Z'));
    await expect(tick).rejects.toThrow(`schedule sweep failed after queueing ${TICK_BATCH * 2} jobs: site map upstream down`);
    await expect(tick).rejects.toBeInstanceOf(ScheduleTickError);

    // Each batch was queued before the next page of the site map was read: memory holds one batch.
    expect([...queuedWhenAsked]).toEqual([
      [0, 0],
      [TICK_BATCH, TICK_BATCH],
      [TICK_BATCH * 2, TICK_BATCH * 2],
    ]);
    // The two full batches stay queued; the half batch read before the failure was not sent.
    const queued = await pendingJobs(kit.inspect);
    expect(queued).toHaveLength(TICK_BATCH * 2);
    expect(new Set(queued.map((job) => parseRenderJob(job.data).path)).size).toBe(TICK_BATCH * 2);
    expect(lines.some((line) => line.message === 'schedule fired')).toBe(false);
  });

  it('stops a streamed sweep after the batch in hand when shutdown aborts it', async () => {
    const stopping = new AbortController();
    let read = 0;
    const sweep: ScheduleDefinition = {
      name: 'sweep',
      cron: '30 3 * * *',
      reason: 'sweep',
      targets: async function* () {
        for (let i = 0; i < TICK_BATCH * 5; i += 1) {
          read += 1;
          // Shutdown begins while the second batch is being read.
          if (i === TICK_BATCH + 10) stopping.abort();
          yield await Promise.resolve({ site: 'news' as const, path: `/sweep/page-${i}` });
        }
      },
    };
    const a = { producer: kit.producer, redis: kit.redis, prefix: kit.prefix, logger: kit.logger };
    expect(await runScheduleTick(a, sweep, new Date('2026-03-30T07:30:00Z'), stopping.signal)).toEqual({ fired: true, enqueued: TICK_BATCH * 2, stopped: true });
    expect(await pendingJobs(kit.inspect)).toHaveLength(TICK_BATCH * 2);
    // The stream was left after the second batch, not read to the end.
    expect(read).toBe(TICK_BATCH * 2);
  });

  it('logs a tick that failed part-way once, with the jobs it queued', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = capturingLogger('schedules-test', lines);
    const running = startSchedules({
      producer: kit.producer,
      redis: kit.redis,
      prefix: kit.prefix,
      logger,
      sources,
      schedules: [
        {
          name: 'failing',
          // Every second; the tick lock lets one of them fire this minute.
          cron: '* * * * * *',
          targets: async function* () {
            for (let i = 0; i < TICK_BATCH; i += 1) yield await Promise.resolve({ site: 'news' as const, path: `/failing/page-${i}` });
            throw new Error('site map upstream down');
          },
        },
      ],
    });
    try {
      await eventually(() => Promise.resolve(lines.some((line) => String(line.message).startsWith('schedule tick failed')) ? true : undefined), 'the failed tick', 15_000);
    } finally {
      await running.stop();
    }
    // One line per failed tick (a second tick fires only if the test crossed a minute boundary).
    const failures = lines.filter((line) => String(line.message).startsWith('schedule tick failed'));
    expect(new Set(failures.map((line) => line.tick)).size).toBe(failures.length);
    for (const failure of failures) {
      expect(failure).toMatchObject({ level: 'error', message: 'schedule tick failed part-way; the jobs it queued stay queued', schedule: 'failing', queued: TICK_BATCH });
      expect(failure.error).toMatchObject({ message: 'site map upstream down' });
    }
    expect(await pendingJobs(kit.inspect)).toHaveLength(TICK_BATCH);
  });

  it('two runners on the same Redis enqueue a tick once', async () => {
    const all = defaultSchedules(sources);
    const home = all.find((s) => s.name === 'home');
    const fronts5 = all.find((s) => s.name === 'fronts');
    if (!home || !fronts5) throw new Error('expected the home and fronts schedules');
    const tick = new Date('2026-03-28T12:05:00Z');
    const a = { producer: kit.producer, redis: kit.redis, prefix: kit.prefix, logger: kit.logger };
    const b = { producer: otherProducer, redis: otherRedis, prefix: kit.prefix, logger: kit.logger };
    const results = await Promise.all([runScheduleTick(a, home, tick), runScheduleTick(b, home, tick), runScheduleTick(a, fronts5, tick), runScheduleTick(b, fronts5, tick)]);
    expect(results.filter((r) => r.fired)).toHaveLength(2);
    const jobs = (await pendingJobs(kit.inspect)).map((job) => ({ data: parseRenderJob(job.data), priority: job.priority }));
    expect(jobs.map((j) => `${j.data.site}:${j.data.path}`).sort()).toEqual(['es:/', 'es:/politica', 'news:/', 'news:/politics']);
    for (const job of jobs) {
      expect(job.priority).toBe(PRIORITY.schedule);
      expect(job.data.reason).toBe('schedule');
      expect(job.data.requestedBy).toMatch(/^cron:(home|fronts)$/);
    }
    // Each job was added by exactly one runner.
    expect((await kit.inspect.getJobCounts()).prioritized).toBe(4);
  });

  it('startSchedules runs node-cron tasks and stops cleanly', async () => {
    let listed = 0;
    const running = startSchedules({
      producer: kit.producer,
      redis: kit.redis,
      prefix: kit.prefix,
      logger: kit.logger,
      sources,
      // Every second, so the test need not wait a minute; the lock still allows one tick a minute.
      schedules: [
        {
          name: 'test',
          cron: '* * * * * *',
          targets: () => {
            listed += 1;
            return Promise.resolve([{ site: 'news', path: '/from-cron' }]);
          },
        },
      ],
    });
    try {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && (await kit.inspect.getJobCounts()).prioritized === 0) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await running.stop();
    }
    const jobs = await pendingJobs(kit.inspect);
    expect(jobs.map((job) => parseRenderJob(job.data).path)).toEqual(['/from-cron']);
    expect(listed).toBeLessThanOrEqual(2);
  });
});
