/**
 * Node flags a render worker process runs with, wherever it is started as deployed
 * (docker-compose.yml's render-worker command, `npm run worker`, the benches' worker processes).
 *
 * `--max-old-space-size=512` ([ADR 0050](../docs/adr/0050-a-worker-heap-ceiling-of-512-mib.md)):
 * V8 sizes the old generation's next collection point as the live heap times a growing factor
 * whose maximum depends on this ceiling: 4 with the default ceiling on a host with several GiB,
 * about 1.4 at 512 MiB. A worker's live heap in a whole-site publish is 70-100 MiB, so without it
 * V8 let the heap reach 300 MiB of mostly garbage before collecting (peak RSS 400-560 MiB at
 * concurrency 8); with it the same publishes peaked at 222-246 MiB. The ceiling is five times the
 * live heap, so it bounds the growth, not the work.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-old-space-size=512'];
