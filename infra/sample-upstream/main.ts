/**
 * Runs the sample upstream on its own: `npm run upstream` (PORT, HOST, LOG_LEVEL).
 * The site's services find it through UPSTREAM_BASE_URL (default http://127.0.0.1:4010).
 *
 * `npm run upstream -- --synthetic 10000 [--seed 1]` serves the sample plus that many synthetic
 * articles (synthetic/index.ts), the site `npm run bench` publishes. They are generated
 * on demand, never held, so up to a million start at once and fit in a small process.
 */
import { createLogger } from '../../core/logger.js';
import { loadSampleUpstreamConfig } from './config.js';
import { startSampleUpstream } from './server.js';
import { parseArgs } from 'node:util';
import { checkedCount, type SyntheticOptions } from './synthetic/index.js';

/** How long a shutdown may take before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 5000;

async function main(): Promise<void> {
  const config = loadSampleUpstreamConfig();
  const logger = createLogger({ component: 'sample-upstream', level: config.LOG_LEVEL });
  const { values } = parseArgs({ options: { synthetic: { type: 'string' }, seed: { type: 'string' } }, strict: true });
  const synthetic: SyntheticOptions | undefined =
    values.synthetic === undefined ? undefined : { articles: checkedCount(Number(values.synthetic)), seed: Number(values.seed ?? 1) };
  const running = await startSampleUpstream({ port: config.PORT, host: config.HOST, logger, ...(synthetic ? { synthetic } : {}) });
  logger.info({ url: running.url, synthetic: synthetic?.articles ?? null }, 'sample upstream listening');

  const stop = (signal: string): void => {
    logger.info({ signal }, 'sample upstream stopping');
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ error }, 'sample upstream did not close cleanly');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
