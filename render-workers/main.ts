/**
 * Render-worker process: publishes the bundle assets, then consumes the render queue until SIGTERM
 * or SIGINT. Then it stops taking jobs, lets the running renders finish within
 * WORKER_SHUTDOWN_DEADLINE_MS, hands back to the queue the ones that outlive it (worker.ts
 * `shutdown`), sends the CDN purges still pending, and exits.
 *
 * Prometheus scrapes GET /metrics on WORKER_METRICS_PORT (core/metrics.ts lists the metrics).
 *
 * Failed renders retry by the worker's retry policy (WORKER_RETRY_*, retry-policy.ts); pages whose
 * render failed for good on upstream or storage are queued again by the recovery sweep
 * (WORKER_RECOVERY_SWEEP_*, recovery-sweep.ts) once the dependency answers.
 */
import { isPlatformError } from '../core/errors.js';
import { loadWorkerConfig, type WorkerConfig } from './config.js';
import { startRenderWorker } from './start.js';

/**
 * Past the render deadline, how long the rest of the shutdown (handing jobs back, pending purges,
 * closing connections) may take before the process exits anyway.
 */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: WorkerConfig;
  try {
    config = loadWorkerConfig(process.env);
  } catch (error) {
    // Configuration mistakes are the operator's: the message names the variable, no stack.
    console.error(isPlatformError(error, 'CONFIG_INVALID') ? error.message : error);
    process.exit(1);
  }
  const running = await startRenderWorker(config);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Whatever hangs (a Redis that never answers), the process still ends.
    setTimeout(() => {
      console.error(`render-worker: shutdown did not finish within ${config.shutdownDeadlineMs + SHUTDOWN_GRACE_MS} ms; exiting`);
      process.exit(1);
    }, config.shutdownDeadlineMs + SHUTDOWN_GRACE_MS).unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('render-worker failed to start:', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
