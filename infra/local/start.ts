/**
 * `npm start`: the embedded default (docs/architecture.md "Running it"). Finds or starts Redis, uses filesystem storage
 * and the sample upstream, runs every service, publishes the whole sample site with a progress
 * bar, then prints the site, dashboard and republish addresses. Ctrl-C stops everything.
 *
 * Service logs go to .data/logs/stack.log (JSON lines), so the terminal shows only progress.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SingleBar, Presets } from 'cli-progress';
import { pino } from 'pino';
import { z } from 'zod';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { buildBundle } from '../../interactive-bundle/build.js';
import { startRedisServer, type RunningRedisServer } from './redis-server.js';
import { loadLocalConfig, type LocalConfig } from './config.js';
import { rotateIfLarge } from './log-files.js';
import { startStack, type Stack } from './stack.js';

const storedSecretsSchema = z.object({ adminToken: z.string().min(16).optional(), webhookSecret: z.string().min(16).optional() });

/** How long Ctrl-C waits for running renders before stopping anyway. */
const SHUTDOWN_DEADLINE_MS = 15_000;

interface LocalSecrets {
  adminToken: string;
  webhookSecret: string;
}

/** Secrets made once per checkout and kept in .data, so a bookmarked dashboard link keeps working. */
async function localSecrets(config: LocalConfig): Promise<LocalSecrets> {
  const file = join(config.DATA_DIR, 'local-secrets.json');
  let stored: Partial<LocalSecrets> = {};
  if (existsSync(file)) {
    try {
      // A damaged file is replaced with fresh secrets rather than stopping start-up.
      stored = storedSecretsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch {
      stored = {};
    }
  }
  const make = () => randomBytes(24).toString('base64url');
  const secrets = {
    adminToken: config.ADMIN_TOKEN ?? stored.adminToken ?? make(),
    webhookSecret: config.WEBHOOK_SECRET ?? stored.webhookSecret ?? make(),
  };
  await writeFile(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}

async function main(): Promise<void> {
  let config: LocalConfig;
  try {
    config = loadLocalConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  await mkdir(join(config.DATA_DIR, 'logs'), { recursive: true });
  const logFile = resolve(config.DATA_DIR, 'logs', 'stack.log');
  const sampleLogFile = resolve(config.DATA_DIR, 'logs', 'sample-upstream.log');
  // Appended across starts: one grown past its limit is moved aside first (log-files.ts).
  await rotateIfLarge(logFile);
  await rotateIfLarge(sampleLogFile);
  const logDestination = pino.destination({ dest: logFile, append: true, sync: false, mkdir: true });
  // The sample upstream logs every request it answers: its own file, quiet by default, so the
  // services' log stays readable.
  const sampleLogDestination = pino.destination({ dest: sampleLogFile, append: true, sync: false, mkdir: true });
  const secrets = await localSecrets(config);
  const upstream = parseUpstreamConfig(process.env);

  console.log('Building the interactive bundle...');
  const bundleDir = config.BUNDLE_DIR;
  await buildBundle({ outDir: bundleDir });

  let redis: RunningRedisServer | undefined;
  let redisUrl = config.REDIS_URL;
  if (redisUrl === undefined) {
    const redisDir = resolve(config.DATA_DIR, 'redis');
    console.log(`Starting redis-server (data in ${redisDir})...`);
    try {
      redis = await startRedisServer({ port: 0, dir: redisDir, appendOnly: true });
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    }
    redisUrl = redis.url;
  }

  let stack: Stack | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    // Services first (running renders finish or give up), Redis last; never hang on the way out.
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_DEADLINE_MS).unref());
    await Promise.race([stack?.close(), deadline]);
    await redis?.stop();
    logDestination.flushSync();
    sampleLogDestination.flushSync();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  try {
    stack = await startStack({
      redisUrl,
      queuePrefix: config.QUEUE_PREFIX,
      storage: config.storage,
      // The sample upstream unless the environment names a real one (a base URL or a stage).
      ...(config.UPSTREAM_BASE_URL === undefined && upstream.UPSTREAM_STAGE === 'local'
        ? // Dated from now, so a fresh start has today's news and TV guide (sample-clock.ts).
          { sampleUpstreamPort: config.SAMPLE_UPSTREAM_PORT, sampleNow: new Date() }
        : { upstream }),
      sitePort: config.PORT,
      adminPort: config.ADMIN_PORT,
      host: '127.0.0.1',
      adminToken: secrets.adminToken,
      webhookSecret: secrets.webhookSecret,
      publicOrigin: `http://localhost:${config.PORT}`,
      bundleDir,
      workerConcurrency: config.WORKER_CONCURRENCY,
      schedules: config.SCHEDULES_ENABLED,
      renderOnMiss: config.EDGE_RENDER_ON_MISS,
      writeAnnouncements: config.EDGE_WRITE_ANNOUNCEMENTS,
      logLevel: config.LOG_LEVEL,
      logDestination,
      sampleUpstreamLog: { destination: sampleLogDestination, level: config.SAMPLE_UPSTREAM_LOG_LEVEL },
      metrics: {
        host: '127.0.0.1',
        ...(config.WORKER_METRICS_PORT === 'off' ? {} : { workerPort: config.WORKER_METRICS_PORT }),
        ...(config.EDGE_METRICS_PORT === 'off' ? {} : { edgePort: config.EDGE_METRICS_PORT }),
      },
    });
  } catch (error) {
    console.error(`Could not start the pipeline: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`Details in ${logFile}`);
    await stop(1);
    return;
  }

  console.log('Publishing the sample site...');
  const bar = new SingleBar({ format: ' {bar} {value}/{total} pages | {duration}s', hideCursor: true }, Presets.shades_classic);
  let started = false;
  const summary = await stack.publishSite({
    onProgress: (done, total) => {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
  });
  if (started) bar.stop();

  const site = `http://localhost:${config.PORT}`;
  const admin = `http://localhost:${config.ADMIN_PORT}`;
  console.log(`\nPublished ${summary.completed} of ${summary.total} pages in ${(summary.durationMs / 1000).toFixed(1)} s.`);
  for (const failure of summary.failed) console.log(`  failed: ${failure.path}: ${failure.reason}`);
  console.log(`
  Site:       ${site}
  Dashboard:  ${admin}/admin/queues?token=${secrets.adminToken}
  Admin page: ${admin}/admin?token=${secrets.adminToken}
  Republish:  ADMIN_URL=${admin} ADMIN_TOKEN=${secrets.adminToken} npm run republish -- /politics
              curl -X POST -H 'Authorization: Bearer ${secrets.adminToken}' -H 'Content-Type: application/json' \\
                   -d '{"path":"/politics"}' ${admin}/admin/republish
  Webhook:    POST ${admin}/webhooks/content (HMAC secret in ${join(config.DATA_DIR, 'local-secrets.json')})
  Metrics:    ingest ${stack.metricsUrls.ingest.replace('127.0.0.1', 'localhost')} (Bearer token)${stack.metricsUrls.worker ? `
              render worker ${stack.metricsUrls.worker}` : ''}${stack.metricsUrls.edge ? `
              edge router ${stack.metricsUrls.edge}` : ''}
  Logs:       ${logFile}
              ${sampleLogFile} (sample upstream, level ${config.SAMPLE_UPSTREAM_LOG_LEVEL})

Press Ctrl-C to stop.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
