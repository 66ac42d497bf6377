/**
 * Starts the edge router: config, storage, app, listen (`npm run edge`). Prometheus scrapes
 * GET /metrics on a second, internal listener (EDGE_METRICS_HOST:EDGE_METRICS_PORT,
 * 127.0.0.1:9465), never on the public port (ADR 0011). Shuts down gracefully on
 * SIGTERM and SIGINT (docs/architecture.md "Conventions": graceful shutdown with a deadline): stop accepting connections,
 * let in-flight requests finish, close the store; if that takes longer than SHUTDOWN_TIMEOUT_MS,
 * exit anyway so an orchestrator's kill never finds a half-closed process.
 */
import process from 'node:process';
import { isPlatformError } from '../core/errors.js';
import { createLogger } from '../core/logger.js';
import type { UpstreamConfig } from '../core/config/upstream.js';
import { loadEdgeConfig, loadEdgeUpstreamConfig, type EdgeConfig } from './config.js';
import { startEdgeRouter, type RunningEdgeRouter } from './start.js';

async function main(): Promise<void> {
  let config: EdgeConfig;
  let upstream: UpstreamConfig;
  try {
    config = loadEdgeConfig(process.env);
    upstream = loadEdgeUpstreamConfig(process.env);
  } catch (error) {
    // A configuration mistake is the operator's: the message names the variable; no stack.
    if (isPlatformError(error, 'CONFIG_INVALID')) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger({ component: 'edge-router', level: config.logLevel });
  let running: RunningEdgeRouter;
  try {
    running = await startEdgeRouter(config, upstream, { logger });
  } catch (error) {
    if (isPlatformError(error, 'CONFIG_INVALID')) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal, deadlineMs: config.shutdownTimeoutMs }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error({ deadlineMs: config.shutdownTimeoutMs }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    running.close().then(
      () => {
        clearTimeout(deadline);
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error('edge-router failed to start:', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
