/**
 * The ingest service: the admin server (webhook, republish, admin page, dashboard) and the
 * schedules. `npm run ingest`. Graceful shutdown on SIGTERM/SIGINT with a deadline (docs/architecture.md
 * "Conventions"; BullMQ's "going to production" guide): stop the schedules, stop accepting requests, close the queue.
 */
import { isPlatformError } from '../core/errors.js';
import { createLogger } from '../core/logger.js';
import { loadIngestConfig } from './config.js';
import { startIngest } from './start.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadIngestConfig(process.env);
  const logger = createLogger({ component: 'ingest', level: config.logLevel });
  const running = await startIngest(config, { logger });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await running.close();
      process.exit(0);
    } catch (error) {
      logger.error({ error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // Configuration mistakes are the operator's: the message names the variable, no stack.
  console.error(isPlatformError(error, 'CONFIG_INVALID') ? error.message : error);
  process.exit(1);
});
