/**
 * A stand-in ingest process for the multi-process schedule test: it runs the real schedule runner
 * (ingest/schedules.ts startSchedules) with one probe schedule that fires every second, against
 * the Redis and prefix it is given, for RUN_MS milliseconds, and prints one JSON line per tick it
 * won. Run with tsx: REDIS_URL=... QUEUE_PREFIX=... RUN_MS=... tsx tests/support/schedule-process.ts
 */
import { createLogger } from '../../core/logger.js';
import { createRedis } from '../../core/redis.js';
import { createRenderProducer } from '../../ingest/producer.js';
import { runScheduleTick, startSchedules, type ScheduleDefinition } from '../../ingest/schedules.js';

const redisUrl = process.env.REDIS_URL ?? '';
const prefix = process.env.QUEUE_PREFIX ?? '';
const runMs = Number(process.env.RUN_MS ?? '3000');

const logger = createLogger({ component: 'schedule-probe', level: 'silent' });
const redis = createRedis(redisUrl, { name: 'schedule-probe' });
const producer = createRenderProducer({ redisUrl, prefix, logger });
const probe: ScheduleDefinition = {
  name: 'probe',
  // Every second: both processes try every tick; the per-minute lock lets one through per minute.
  cron: '* * * * * *',
  // Called only by the process that won the tick's lock.
  targets: () => {
    process.stdout.write(`${JSON.stringify({ pid: process.pid, schedule: 'probe', firedAt: Date.now() })}\n`);
    return Promise.resolve([{ site: 'news', path: '/probe' }]);
  },
};
// A second schedule run by hand on the same tick in both processes at once, racing exactly.
const raced: ScheduleDefinition = { name: 'raced', cron: '0 0 1 1 *', targets: () => Promise.resolve([{ site: 'news', path: '/raced' }]) };

const running = startSchedules({
  producer,
  redis,
  prefix,
  logger,
  sources: { listFrontPaths: () => Promise.resolve([]), pagesReading: () => Promise.resolve([]), sitePages: async function* () {} },
  schedules: [probe],
});
const racedTick = new Date(Number(process.env.RACE_AT ?? Date.now()));
const delay = Math.max(0, Number(process.env.RACE_AT ?? 0) - Date.now());
setTimeout(() => {
  void runScheduleTick({ producer, redis, prefix, logger }, raced, racedTick).then((result) => {
    process.stdout.write(`${JSON.stringify({ pid: process.pid, schedule: 'raced', fired: result.fired })}\n`);
  });
}, delay);
process.stdout.write(`${JSON.stringify({ pid: process.pid, started: true })}\n`);
setTimeout(() => {
  void (async () => {
    await running.stop();
    await producer.close();
    await redis.quit();
    process.stdout.write(`${JSON.stringify({ pid: process.pid, stopped: true })}\n`);
    process.exit(0);
  })();
}, runMs);
