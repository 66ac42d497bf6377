/** How the latency section turns samples into figures (tests/bench/latency.ts). */
import { describe, expect, it } from 'vitest';
import { latencyFigures } from '../latency.js';

describe('latency figures', () => {
  it('gives p50, p95 and p99 as the median of the runs, with every sample pooled in the note', () => {
    const runA = { latencies: Array.from({ length: 100 }, (_, i) => i + 1), failures: [] };
    const runB = { latencies: Array.from({ length: 100 }, (_, i) => 1000 + i + 1), failures: ['timed out'] };
    const [p50, p95, p99] = latencyFigures('content event, queue idle', [runA, runB], 'includes the debounce');
    expect(p50).toMatchObject({ metric: 'content event, queue idle: p50', unit: 'ms', min: 50, max: 1050, median: 550, runs: 2 });
    expect(p50?.note).toBe('all 200 pooled: 100 ms; 1 timed out (60 s); includes the debounce');
    expect(p95).toMatchObject({ min: 95, max: 1095 });
    expect(p99?.note).toBe('all 200 pooled: 1098 ms');
  });

  it('has no figures when no sample finished', () => {
    expect(latencyFigures('x', [{ latencies: [], failures: ['timed out'] }])).toEqual([]);
  });
});
