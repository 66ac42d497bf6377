import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { parseRenderJob, PRIORITY } from '../core/queue.js';
import { createRedis } from '../core/redis.js';
import { createRenderProducer, type RenderProducer } from './producer.js';
import { acquireTick, defaultSchedules, runScheduleTick, startSchedules, tickKey } from './schedules.js';
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
    const newsSitemap = defaultSchedules(fronts).find((schedule) => schedule.name === 'news-sitemap');
    expect(newsSitemap?.cron).toBe('*/15 * * * *');
    expect(await newsSitemap?.targets()).toEqual([
      { site: 'news', path: '/sitemap-news.xml' },
      { site: 'es', path: '/sitemap-news.xml' },
    ]);
  });

  it('two runners on the same Redis enqueue a tick once', async () => {
    const [home, fronts5] = defaultSchedules(fronts);
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
      listFrontPaths: fronts,
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
      const deadline = Date.now() + 5_000;
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
