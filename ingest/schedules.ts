/**
 * Schedules (docs/architecture.md, "The flow": node-cron schedules feed the render queue). Content events
 * re-render what a change touches; schedules cover what changes with time alone.
 *
 * Cadence (each a low-priority job that coalesces with a pending render of the same page, so a
 * busy queue absorbs ticks rather than piling them up):
 * - home ("/", both sites), every minute: the most visited page, and the one whose content changes
 *   without a content event (relative times, live and breaking flags expiring, markets data,
 *   scheduled publishing). One render a minute is cheap next to its traffic.
 * - live pages (pages that recorded `refresh:live`: live-event coverage), every minute: a live
 *   page's playlist and breaking state move by the minute, and there are only a few at a time.
 * - video pages (`refresh:video`: video home, topics, show video pages), every 2 minutes: their
 *   live-now items come from the live playlist feed, which sends no events; 2 minutes keeps a
 *   newly live stream visible quickly at half the cost of a per-minute refresh.
 * - section fronts, every 5 minutes: content events already re-render a front when one of its
 *   articles changes (`list:category:<slug>`), so this only bounds the staleness of time-driven
 *   modules (relative times are relabelled in the browser anyway).
 * - the TV schedule (pages that read `schedule:news` or `schedule:business`), at :00 and :30: the
 *   schedule window is aligned to 30-minute slots (spec 2 §9), so its content changes exactly at
 *   those boundaries and never in between.
 * - the news sitemap, every 15 minutes: it lists the last 48 hours, and articles age out with no
 *   content event.
 * - feeds, sitemap index and robots.txt, hourly: events re-render feeds and sitemaps already; this
 *   is the safety net for a missed event.
 * - the nightly sweep, 03:30 US Eastern (the quietest hour): every page of every site at the
 *   lowest priority (reason `sweep`), so any page an event missed is at most a day stale. Editor
 *   republishes and events overtake it (core/queue.ts priorities).
 *
 * Several ingest processes may run the same schedules. Each tick takes a Redis lock named after
 * the schedule and the tick's minute (SET NX PX); only the process that gets it enqueues.
 */
import { NEWS_SITEMAP_PATH } from '../core/isomorphic/constants.js';
import { createTask, type ScheduledTask } from 'node-cron';
import type { RedisClient } from '../core/redis.js';
import type { Logger } from '../core/logger.js';
import type { PageRef } from '../core/dependency-index.js';
import type { RenderJob, RenderReason } from '../core/queue.js';
import { SITE_IDS } from '../core/isomorphic/sites.js';
import { dataKeys } from '../core/upstream/data-keys.js';
import { CRAWLER_PUBLISH_PATHS } from '../core/site-pages.js';
import type { RenderProducer } from './producer.js';
import { redisKeys } from '../core/redis-keys.js';

/** Long enough to cover clock skew between replicas and a slow tick; each tick has its own key. */
const TICK_LOCK_MS = 5 * 60_000;

export interface ScheduleDefinition {
  /** Written into the lock key and into requestedBy as "cron:<name>". */
  name: string;
  /** node-cron expression, evaluated in `timezone`. */
  cron: string;
  /** IANA time zone of `cron`; UTC by default. */
  timezone?: string;
  /** The jobs' reason: `schedule` by default, `sweep` for the nightly sweep. */
  reason?: Extract<RenderReason, 'schedule' | 'sweep'>;
  /** The pages to render on each tick: a list, or a stream for whole-site work (the sweep). */
  targets: () => Promise<readonly PageRef[]> | AsyncIterable<PageRef>;
}

/** Where the schedules find their pages. */
export interface ScheduleSources {
  /** Section front paths, per site (ingest/fronts.ts). */
  listFrontPaths: () => Promise<PageRef[]>;
  /** Pages that read any of these data keys (the dependency index). */
  pagesReading: (dataKeys: string[]) => Promise<PageRef[]>;
  /** Every page of every site as a stream (core/site-pages.ts), for the nightly sweep. */
  sitePages: () => AsyncIterable<PageRef>;
}

export interface ScheduleRunnerOptions {
  producer: Pick<RenderProducer, 'enqueueMany'>;
  /** Non-blocking connection for the tick locks. */
  redis: RedisClient;
  /** Key prefix (with a {hash tag}) for the tick locks. */
  prefix: string;
  logger: Logger;
}

export interface StartSchedulesOptions extends ScheduleRunnerOptions {
  sources: ScheduleSources;
}

/**
 * The lock key of one tick. Rounded to the nearest minute rather than truncated, so replicas whose
 * clocks differ by up to 30 seconds (or whose timer fired a little early or late) name the same
 * tick: every schedule here fires on a whole minute.
 */
export function tickKey(name: string, date: Date): string {
  const minute = Math.round(date.getTime() / 60_000) * 60_000;
  return `schedule:${name}:${new Date(minute).toISOString().slice(0, 16)}Z`;
}

/** True for exactly one caller per schedule tick across every process sharing the Redis. */
export async function acquireTick(redis: RedisClient, prefix: string, name: string, date: Date, ttlMs = TICK_LOCK_MS): Promise<boolean> {
  const result = await redis.set(redisKeys(prefix).scheduleTick(tickKey(name, date)), String(process.pid), 'PX', ttlMs, 'NX');
  return result === 'OK';
}

export interface TickResult {
  /** This process won the tick's lock and enqueued. */
  fired: boolean;
  enqueued: number;
  /** Set when a shutdown stopped the tick between two batches (the rest was not queued). */
  stopped?: true;
}

/**
 * A tick that failed after it had queued some of its jobs: `queued` of them at least (a batch
 * that failed may have queued part of itself too). They stay queued; `cause` is the failure.
 */
export class ScheduleTickError extends Error {
  constructor(
    readonly schedule: string,
    /** The tick's key (tickKey). */
    readonly tick: string,
    readonly queued: number,
    cause: unknown,
  ) {
    super(`schedule ${schedule} failed after queueing ${queued} jobs: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ScheduleTickError';
  }
}

/**
 * Jobs handed to the producer at a time while a tick reads its targets: a streamed sweep holds one
 * batch in memory, and the first jobs are queued while the rest of the site map is still read.
 */
export const TICK_BATCH = 1_000;

/**
 * One tick of one schedule: lock, read the pages, enqueue them in batches of TICK_BATCH. When the
 * targets fail part-way (the site map's upstream down mid-sweep), the batches already queued stay
 * queued and the tick rejects with a ScheduleTickError that counts them. An aborted `signal`
 * (shutdown) stops it after the batch in hand: a sweep is long, and the next one covers the rest.
 */
export async function runScheduleTick(options: ScheduleRunnerOptions, schedule: ScheduleDefinition, date: Date, signal?: AbortSignal): Promise<TickResult> {
  if (!(await acquireTick(options.redis, options.prefix, schedule.name, date))) return { fired: false, enqueued: 0 };
  const requestedAt = new Date().toISOString();
  const tick = tickKey(schedule.name, date);
  let enqueued = 0;
  let coalesced = 0;
  const flush = async (refs: readonly PageRef[]): Promise<void> => {
    const jobs = refs.map((ref): RenderJob => ({ site: ref.site, path: ref.path, reason: schedule.reason ?? 'schedule', requestedBy: `cron:${schedule.name}`, requestedAt }));
    const results = await options.producer.enqueueMany(jobs);
    enqueued += jobs.length;
    coalesced += results.filter((r) => r.deduplicated).length;
  };
  let stopped = false;
  try {
    // A list is iterated as it is; a stream is read as the batches go out.
    let batch: PageRef[] = [];
    for await (const ref of await schedule.targets()) {
      batch.push(ref);
      if (batch.length >= TICK_BATCH) {
        await flush(batch);
        batch = [];
        if (signal?.aborted) {
          stopped = true;
          break;
        }
      }
    }
    if (!stopped && batch.length > 0) await flush(batch);
  } catch (error) {
    throw new ScheduleTickError(schedule.name, tick, enqueued, error);
  }
  if (stopped) {
    options.logger.warn({ schedule: schedule.name, tick, jobs: enqueued, coalesced }, 'schedule stopped part-way by shutdown; the jobs queued stay queued');
    return { fired: true, enqueued, stopped: true };
  }
  options.logger.info({ schedule: schedule.name, tick, jobs: enqueued, coalesced }, 'schedule fired');
  return { fired: true, enqueued };
}

/** Data keys a page records to be refreshed by the live and video schedules. */
export const REFRESH_KEYS = { live: dataKeys.refresh('live'), video: dataKeys.refresh('video') } as const;
/** Channels of the TV schedule (spec 2 §1: a news channel and a business channel). */
export const SCHEDULE_CHANNELS = ['news', 'business'] as const;

const everySite = (path: string): PageRef[] => SITE_IDS.map((site) => ({ site, path }));

/** The platform's schedules (cadence justified at the top of this file). */
export function defaultSchedules(sources: ScheduleSources): ScheduleDefinition[] {
  return [
    { name: 'home', cron: '* * * * *', targets: () => Promise.resolve(everySite('/')) },
    { name: 'live', cron: '* * * * *', targets: () => sources.pagesReading([REFRESH_KEYS.live]) },
    { name: 'video', cron: '*/2 * * * *', targets: () => sources.pagesReading([REFRESH_KEYS.video]) },
    { name: 'fronts', cron: '*/5 * * * *', targets: sources.listFrontPaths },
    { name: 'tv-schedule', cron: '0,30 * * * *', targets: () => sources.pagesReading(SCHEDULE_CHANNELS.map((c) => dataKeys.schedule(c))) },
    { name: 'news-sitemap', cron: '*/15 * * * *', targets: () => Promise.resolve(everySite(NEWS_SITEMAP_PATH)) },
    { name: 'crawler-files', cron: '7 * * * *', targets: () => Promise.resolve(CRAWLER_PUBLISH_PATHS.flatMap(everySite)) },
    { name: 'sweep', cron: '30 3 * * *', timezone: 'America/New_York', reason: 'sweep', targets: sources.sitePages },
  ];
}

export function startSchedules(options: StartSchedulesOptions & { schedules?: ScheduleDefinition[] }): { stop(): Promise<void> } {
  const log = options.logger.child({ module: 'schedules' });
  const schedules = options.schedules ?? defaultSchedules(options.sources);
  const tasks: ScheduledTask[] = [];
  const running = new Set<Promise<unknown>>();
  const stopping = new AbortController();
  for (const schedule of schedules) {
    const task = createTask(
      schedule.cron,
      async (context) => {
        const tick = runScheduleTick({ ...options, logger: log }, schedule, context.date, stopping.signal).catch((error: unknown) => {
          // A failed tick is logged and skipped; the next tick tries again.
          if (error instanceof ScheduleTickError) {
            const fields = { error: error.cause, schedule: schedule.name, tick: error.tick };
            if (error.queued > 0) log.error({ ...fields, queued: error.queued }, 'schedule tick failed part-way; the jobs it queued stay queued');
            else log.error(fields, 'schedule tick failed');
          } else log.error({ error, schedule: schedule.name }, 'schedule tick failed');
        });
        running.add(tick);
        try {
          await tick;
        } finally {
          running.delete(tick);
        }
      },
      { name: `ingest:${schedule.name}`, timezone: schedule.timezone ?? 'Etc/UTC', noOverlap: true },
    );
    tasks.push(task);
  }
  for (const task of tasks) {
    void Promise.resolve(task.start()).catch((error: unknown) => log.error({ error, task: task.name }, 'schedule could not start'));
  }
  log.info({ schedules: schedules.map((s) => `${s.name} (${s.cron})`) }, 'schedules started');
  return {
    async stop() {
      for (const task of tasks) await task.destroy();
      // A tick that already took its lock finishes the batch in hand (nobody else will fire it);
      // a long one, the nightly sweep, stops there rather than outlast the shutdown deadline.
      stopping.abort();
      await Promise.allSettled([...running]);
    },
  };
}
