/**
 * A render-worker process for the fault tests (RELIABILITY.md, worker faults). It starts the
 * render worker through render-workers/start.ts as render-workers/main.ts does (same config loader,
 * store, Redis connections, renderer, page status, lock and stall settings), minus the bundle
 * publish (no bundle is built: pages name CHILD_SCRIPT), the metrics server (several of these run
 * at once) and the recovery sweep (the tests count the renders they cause). Run with tsx,
 * configured by env.
 *
 * Two test hooks, both around the real renderer:
 *   - every render start prints `{"renderStart": path, "pid": ...}` on stdout, so a test knows
 *     which process holds a job before it kills that process;
 *   - RELIABILITY_BLOCK_PATH / RELIABILITY_BLOCK_MS / RELIABILITY_BLOCK_ONCE_FILE: the first render
 *     of that path, in whichever process creates the once-file first (so exactly one render in
 *     the whole test blocks), blocks the event loop synchronously for that long after the real
 *     render returned (its storage writes done), like a CPU-bound render that outlives its lock.
 * And one around the store, for the partition test: RELIABILITY_HOLD_PATH /
 * RELIABILITY_HOLD_ARM_FILE / RELIABILITY_HOLD_RELEASE_FILE: while the arm file exists, the next
 * render of that path (claiming the arm file, so only one) stops inside its publish, after it was
 * admitted and read the standard variant's version and before it writes it, printing
 * `{"holding": key}` until the release file exists, then `{"released": key}`. Every write of that
 * path's keys prints `{"put": key, "outcome": ...}`, so the test sees which writes were sent.
 * Prints `{"ready": true}` once the worker is connected, and exits on SIGTERM like main.ts.
 */
import { closeSync, existsSync, openSync, renameSync } from 'node:fs';
import { createStore } from '../../../core/storage/create-store.js';
import { pageKey, parseKey } from '../../../core/storage/keys.js';
import type { ObjectStore } from '../../../core/storage/types.js';
import { loadWorkerConfig } from '../../../render-workers/config.js';
import type { PageRenderer } from '../../../render-workers/render-page.js';
import { startRenderWorker } from '../../../render-workers/start.js';

/** The script every page names instead of a built bundle's (the bundle is not built here). */
export const CHILD_SCRIPT = '/assets/client-RELIABILITY.js';

function say(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ ...line, pid: process.pid })}\n`);
}

function blockEventLoop(ms: number): void {
  // Atomics.wait on a buffer nobody notifies: the thread sleeps and no timer or socket callback
  // (BullMQ's lock renewal included) runs until it returns.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The store with the partition test's hold and write reports (see the header), when asked for. */
function holdingStore(store: ObjectStore): ObjectStore {
  const path = process.env.RELIABILITY_HOLD_PATH;
  const arm = process.env.RELIABILITY_HOLD_ARM_FILE ?? '';
  const release = process.env.RELIABILITY_HOLD_RELEASE_FILE ?? '';
  if (path === undefined || path === '') return store;
  const holdKey = pageKey('news', path, 'standard');
  const claimHold = (): boolean => {
    try {
      renameSync(arm, `${arm}.claimed`);
      return true;
    } catch {
      return false;
    }
  };
  return {
    ...store,
    stat: async (key) => {
      const read = await store.stat(key);
      if (key === holdKey && claimHold()) {
        say({ holding: key });
        while (!existsSync(release)) await new Promise((r) => setTimeout(r, 20));
        say({ released: key });
      }
      return read;
    },
    put: async (key, body, meta, condition) => {
      const outcome = await store.put(key, body, meta, condition);
      const parsed = parseKey(key);
      if (parsed?.kind === 'page' && parsed.path === path) say({ put: key, outcome, fence: meta.fence });
      return outcome;
    },
  };
}

async function main(): Promise<void> {
  const config = loadWorkerConfig(process.env);
  const store = holdingStore(await createStore(config.storage));
  const blockPath = process.env.RELIABILITY_BLOCK_PATH;
  const blockMs = Number(process.env.RELIABILITY_BLOCK_MS ?? '0');
  const blockOnceFile = process.env.RELIABILITY_BLOCK_ONCE_FILE ?? '';
  /** True for the one render, across every worker process of the test, that gets to block. */
  const claimBlock = (): boolean => {
    try {
      closeSync(openSync(blockOnceFile, 'wx'));
      return true;
    } catch {
      return false;
    }
  };
  const hooks = (real: PageRenderer): PageRenderer => ({
    async render(data, jobId) {
      say({ renderStart: data.path, jobId });
      const outcome = await real.render(data, jobId);
      say({ renderEnd: data.path, jobId, written: outcome.written.length, unchanged: outcome.unchanged.length });
      if (data.path === blockPath && blockMs > 0 && claimBlock()) {
        say({ blocking: data.path, ms: blockMs });
        blockEventLoop(blockMs);
        say({ unblocked: data.path });
      }
      return outcome;
    },
  });
  const running = await startRenderWorker({ ...config, metrics: undefined, recoverySweep: undefined }, { store, scripts: [CHILD_SCRIPT], wrapRenderer: hooks });
  running.worker.on('error', (error) => say({ workerError: error.message }));
  await running.worker.waitUntilReady();
  say({ ready: true });

  const stop = () => {
    void running
      .close()
      .then(async () => {
        await store.close();
        process.exit(0);
      })
      .catch(() => process.exit(1));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('worker-process failed to start:', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
