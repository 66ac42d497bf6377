/**
 * Schedules (DESIGN.md, "The flow": node-cron schedules feed the render queue).
 *
 * Cadence:
 * - home ("/", both sites) every minute: the most visited page, and the one whose content changes
 *   without a content event (relative times, live and breaking flags expiring, markets data,
 *   scheduled publishing). One render a minute is cheap next to its traffic.
 * - section fronts every 5 minutes: content events already re-render a front when one of its
 *   articles changes (dependency index, `list:category:<slug>`), so the schedule only bounds the
 *   staleness of time-driven modules. Fronts are many; 5 minutes keeps the load at a fifth of a
 *   per-minute sweep while no front is more than 5 minutes behind.
 * Scheduled jobs have a low priority (core/queue.ts PRIORITY.schedule) and coalesce with pending
 * renders of the same page, so a busy queue absorbs them rather than piling them up.
 *
 * Several ingest processes may run the same schedules. Each tick takes a Redis lock named after
 * the schedule and the tick's minute (SET NX PX); only the process that gets it enqueues.
 */
import { NEWS_SITEMAP_PATH } from '../core/isomorphic/constants.js';
import { createTask, type ScheduledTask } from 'node-cron';
import type { Redis } from 'ioredis';
import type { Logger } from '../core/logger.js';
import type { PageRef } from '../core/dependency-index.js';
import type { RenderJob } from '../core/queue.js';
import { SITE_IDS } from '../core/isomorphic/sites.js';
import type { RenderProducer } from './producer.js';

/** Long enough to cover clock skew between replicas and a slow tick; each tick has its own key. */
const TICK_LOCK_MS = 5 * 60_000;

export interface ScheduleDefinition {
  /** Written into the lock key and into requestedBy as "cron:<name>". */
  name: string;
  /** node-cron expression, evaluated in UTC. */
  cron: string;
  /** The pages to render on each tick. */
  targets: () => Promise<PageRef[]>;
}

export interface ScheduleRunnerOptions {
  producer: Pick<RenderProducer, 'enqueueMany'>;
  /** Non-blocking connection for the tick locks. */
  redis: Redis;
  /** Key prefix (with a {hash tag}) for the tick locks. */
  prefix: string;
  logger: Logger;
}

export interface StartSchedulesOptions extends ScheduleRunnerOptions {
  /** Section front paths, per site (from the sample upstream's or the CMS's section list). */
  listFrontPaths: () => Promise<PageRef[]>;
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
export async function acquireTick(redis: Redis, prefix: string, name: string, date: Date, ttlMs = TICK_LOCK_MS): Promise<boolean> {
  const result = await redis.set(`${prefix}:${tickKey(name, date)}`, String(process.pid), 'PX', ttlMs, 'NX');
  return result === 'OK';
}

export interface TickResult {
  /** This process won the tick's lock and enqueued. */
  fired: boolean;
  enqueued: number;
}

/** One tick of one schedule: lock, list the pages, enqueue them. */
export async function runScheduleTick(options: ScheduleRunnerOptions, schedule: ScheduleDefinition, date: Date): Promise<TickResult> {
  if (!(await acquireTick(options.redis, options.prefix, schedule.name, date))) return { fired: false, enqueued: 0 };
  const requestedAt = new Date().toISOString();
  const jobs: RenderJob[] = (await schedule.targets()).map((ref) => ({
    site: ref.site,
    path: ref.path,
    reason: 'schedule',
    requestedBy: `cron:${schedule.name}`,
    requestedAt,
  }));
  const results = await options.producer.enqueueMany(jobs);
  options.logger.info(
    { schedule: schedule.name, tick: tickKey(schedule.name, date), jobs: jobs.length, coalesced: results.filter((r) => r.deduplicated).length },
    'schedule fired',
  );
  return { fired: true, enqueued: jobs.length };
}

/** The platform's schedules (cadence justified at the top of this file). */
export function defaultSchedules(listFrontPaths: () => Promise<PageRef[]>): ScheduleDefinition[] {
  return [
    { name: 'home', cron: '* * * * *', targets: () => Promise.resolve(SITE_IDS.map((site) => ({ site, path: '/' }))) },
    { name: 'fronts', cron: '*/5 * * * *', targets: listFrontPaths },
    // The news sitemap lists the last 48 hours (spec: "a news sitemap of the last 48 hours"):
    // articles age out with no content event, so it is re-rendered every 15 minutes.
    {
      name: 'news-sitemap',
      cron: '*/15 * * * *',
      targets: () => Promise.resolve(SITE_IDS.map((site) => ({ site, path: NEWS_SITEMAP_PATH }))),
    },
  ];
}

export function startSchedules(options: StartSchedulesOptions & { schedules?: ScheduleDefinition[] }): { stop(): Promise<void> } {
  const log = options.logger.child({ module: 'schedules' });
  const schedules = options.schedules ?? defaultSchedules(options.listFrontPaths);
  const tasks: ScheduledTask[] = [];
  const running = new Set<Promise<unknown>>();
  for (const schedule of schedules) {
    const task = createTask(
      schedule.cron,
      async (context) => {
        const tick = runScheduleTick({ ...options, logger: log }, schedule, context.date).catch((error: unknown) => {
          // A failed tick is logged and skipped; the next tick tries again.
          log.error({ error, schedule: schedule.name }, 'schedule tick failed');
        });
        running.add(tick);
        try {
          await tick;
        } finally {
          running.delete(tick);
        }
      },
      { name: `ingest:${schedule.name}`, timezone: 'Etc/UTC', noOverlap: true },
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
      // Let a tick that already took its lock finish enqueueing: nobody else will fire it.
      await Promise.allSettled([...running]);
    },
  };
}
