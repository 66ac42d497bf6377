/**
 * Node flags a render worker process runs with, wherever it is started as deployed
 * (docker-compose.yml's render-worker command, `npm run worker`, the benches' worker processes).
 *
 * `--max-old-space-size=512` ([ADR 0050](../docs/adr/0050-a-worker-heap-ceiling-of-512-mib.md)):
 * V8 sizes the old generation's next collection point as the live heap times a growing factor
 * whose maximum depends on this ceiling: 4 with the default ceiling on a host with several GiB,
 * about 1.4 at 512 MiB. A worker's live heap in a whole-site publish is 70-100 MiB, so without it
 * V8 let the heap reach 300 MiB of mostly garbage before collecting (peak RSS 406-564 MiB in the
 * full publish of 10,000 articles at concurrency 8); with it the same publish peaked at 251-276 MiB,
 * and one of 2,000 articles at 228-243 MiB. The ceiling is five to seven times the live heap, so it
 * bounds the growth, not the work.
 *
 * `--max-semi-space-size=8`: the young generation's two halves at 8 MiB each instead of 16, 16 MiB
 * less held. Scavenges come twice as often; in a one-worker publish of 10,000 articles their pauses
 * took 10.0 s instead of 8.0 s of about 230 s of CPU (0.1 ms a page), full collections were as
 * many (60 and 58), and the peak RSS was 246 MiB instead of 265.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-old-space-size=512', '--max-semi-space-size=8'];
