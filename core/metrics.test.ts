/**
 * The metric definitions and the /metrics server. The queue-depth gauge reads a real BullMQ queue
 * on a real Redis: ingest/metrics.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { UnrecoverableError } from 'bullmq';
import { PlatformError } from './errors.js';
import { buildMetricsApp, createMetricsRegistry, createReadReuseMetrics, createRenderMetrics, failureCode } from './metrics.js';
import { ReadReuseCache } from './upstream/read-reuse.js';

describe('render metrics', () => {
  it('exports latency by reason, render time by kind, written vs unchanged, failures by code and purges', async () => {
    const metrics = createRenderMetrics(createMetricsRegistry());
    metrics.rendered({ kind: 'article', reason: 'event', renderSeconds: 0.04, latencySeconds: 1.5, changed: true });
    metrics.rendered({ kind: 'article', reason: 'sweep', renderSeconds: 0.03, latencySeconds: 400, changed: false });
    metrics.rendered({ kind: 'section', reason: 'sweep', renderSeconds: 0.2, latencySeconds: -3, changed: false });
    metrics.failed('UPSTREAM_UNAVAILABLE');
    metrics.failed('UPSTREAM_UNAVAILABLE');
    metrics.failed('unknown');
    metrics.purged(true);
    metrics.purged(false);
    const text = await metrics.registry.metrics();

    expect(text).toContain('newsroom_render_pages_total{result="written"} 1');
    expect(text).toContain('newsroom_render_pages_total{result="unchanged"} 2');
    expect(text).toContain('newsroom_render_failures_total{code="UPSTREAM_UNAVAILABLE"} 2');
    expect(text).toContain('newsroom_render_failures_total{code="unknown"} 1');
    expect(text).toContain('newsroom_cdn_purges_total{result="sent"} 1');
    expect(text).toContain('newsroom_cdn_purges_total{result="failed"} 1');
    expect(text).toContain('newsroom_render_duration_seconds_count{kind="article"} 2');
    expect(text).toContain('newsroom_render_duration_seconds_bucket{le="0.05",kind="article"} 2');
    expect(text).toContain('newsroom_render_duration_seconds_count{kind="section"} 1');
    expect(text).toContain('newsroom_render_latency_seconds_bucket{le="2",reason="event"} 1');
    expect(text).toContain('newsroom_render_latency_seconds_bucket{le="300",reason="sweep"} 1');
    expect(text).toContain('newsroom_render_latency_seconds_bucket{le="900",reason="sweep"} 2');
    // A clock behind the producer's counts as zero, never a negative latency.
    expect(text).toContain('newsroom_render_latency_seconds_bucket{le="0.25",reason="sweep"} 1');
  });

  it('starts the written/unchanged and purge counters at zero', async () => {
    const text = await createRenderMetrics(createMetricsRegistry()).registry.metrics();
    expect(text).toContain('newsroom_render_pages_total{result="unchanged"} 0');
    expect(text).toContain('newsroom_cdn_purges_total{result="failed"} 0');
  });
});

describe('read reuse metrics (ADR 0029)', () => {
  it('counts hits, shared GETs, misses and evictions, and reads entries and bytes from the cache at scrape time', async () => {
    const registry = createMetricsRegistry();
    const metrics = createReadReuseMetrics(registry);
    expect(await registry.metrics()).toContain('newsroom_render_read_reuse_total{result="hit"} 0');
    const cache = new ReadReuseCache({ maxEntries: 1, maxBytes: 1_000, observer: metrics });
    metrics.watch(() => cache.stats());
    const bound = Date.now() - 1;
    const answer = (url: string) => () => Promise.resolve({ answer: { found: false as const, url }, bytes: 7 });
    await cache.read('a', bound, answer('a'));
    await cache.read('a', bound, answer('a'));
    await cache.read('b', bound, answer('b'));
    const text = await registry.metrics();
    expect(text).toContain('newsroom_render_read_reuse_total{result="hit"} 1');
    expect(text).toContain('newsroom_render_read_reuse_total{result="miss"} 2');
    expect(text).toContain('newsroom_render_read_reuse_total{result="shared"} 0');
    expect(text).toContain('newsroom_render_read_reuse_evictions_total 1');
    expect(text).toContain('newsroom_render_read_reuse_entries 1');
    expect(text).toContain('newsroom_render_read_reuse_bytes 7');
  });
});

describe('failureCode', () => {
  it('is the PlatformError code, also when wrapped as a cause, and "unknown" otherwise', () => {
    expect(failureCode(new PlatformError('STORAGE_FAILED', 'disk full'))).toBe('STORAGE_FAILED');
    expect(failureCode(new Error('UPSTREAM_UNAVAILABLE: down', { cause: new PlatformError('UPSTREAM_UNAVAILABLE', 'down') }))).toBe('UPSTREAM_UNAVAILABLE');
    expect(failureCode(new UnrecoverableError('boom'))).toBe('unknown');
    expect(failureCode('a string')).toBe('unknown');
  });
});

describe('metrics server', () => {
  it('serves GET /metrics in the Prometheus text format, with process metrics when asked', async () => {
    const metrics = createRenderMetrics(createMetricsRegistry({ processMetrics: true }));
    const app = await buildMetricsApp(metrics.registry);
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE newsroom_render_latency_seconds histogram');
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
    await app.close();
  });

  it('collects the process metrics once per process, however many registries export them, and keeps each registry\'s own metrics apart', async () => {
    const worker = createRenderMetrics(createMetricsRegistry({ processMetrics: true }));
    const other = createMetricsRegistry({ processMetrics: true });
    expect(other.getSingleMetric('nodejs_eventloop_lag_seconds')).toBe(worker.registry.getSingleMetric('nodejs_eventloop_lag_seconds'));
    expect(await other.getSingleMetricAsString('process_cpu_user_seconds_total')).toContain('process_cpu_user_seconds_total');
    expect(other.getSingleMetric('newsroom_render_latency_seconds')).toBeUndefined();
    expect(createMetricsRegistry().getMetricsAsArray()).toEqual([]);
  });
});
