import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './main.js';
import { ratioTarget, splitFigures } from './render-split.js';
import { calibrationOrder, chooseConcurrency, chunkRates, writtenCount } from './throughput.js';

describe('throughput section', () => {
  it('chooses the fastest concurrency, a higher one only when it is clearly faster', () => {
    expect(chooseConcurrency([{ concurrency: 2, pagesPerSecond: 100 }, { concurrency: 4, pagesPerSecond: 130 }, { concurrency: 8, pagesPerSecond: 132 }])).toBe(4);
    // 4% faster is within the margin: the lower concurrency stays.
    expect(chooseConcurrency([{ concurrency: 4, pagesPerSecond: 104 }, { concurrency: 2, pagesPerSecond: 100 }])).toBe(2);
    expect(chooseConcurrency([{ concurrency: 2, pagesPerSecond: 90 }, { concurrency: 4, pagesPerSecond: 60 }, { concurrency: 8, pagesPerSecond: 100 }])).toBe(8);
    expect(() => chooseConcurrency([])).toThrow();
  });

  it('calibrates in rounds that alternate the order, so a busy minute falls on every candidate', () => {
    expect(calibrationOrder([2, 4, 8], 2)).toEqual([
      [2, 4, 8],
      [8, 4, 2],
    ]);
    expect(calibrationOrder([2, 4, 8], 3)[2]).toEqual([2, 4, 8]);
  });

  it('turns progress marks into pages and objects per second per chunk', () => {
    const rates = chunkRates([
      { done: 0, objects: 0, at: 0 },
      { done: 100, objects: 250, at: 1000 },
      { done: 100, objects: 250, at: 1500 },
      { done: 300, objects: 650, at: 2500 },
    ]);
    expect(rates.pages).toEqual([100, 200]);
    expect(rates.objects).toEqual([250, 400]);
  });

  it('counts the objects a job wrote from its return value, parsed or as JSON text', () => {
    expect(writtenCount({ written: ['a', 'b'], unchanged: [] })).toBe(2);
    expect(writtenCount(JSON.stringify({ written: ['a', 'b', 'c'] }))).toBe(3);
    expect(writtenCount('not json')).toBe(0);
    expect(writtenCount(null)).toBe(0);
  });
});

describe('render-cost split', () => {
  it('prints each phase with its share of the job, calls beside it, then the total', () => {
    const figures = splitFigures({
      kind: 'article (no AMP)',
      phaseMs: { 'upstream-http': [4, 5, 6], react: [1, 1, 1], other: [5, 4, 3] },
      phaseCalls: { 'upstream-http': [11, 11, 11], react: [2, 2, 2] },
      phaseWallMs: { 'upstream-http': [20, 30, 25] },
      splitJobMs: [10, 10, 10],
      jobMs: [9, 9.5, 9],
    });
    const byMetric = new Map(figures.map((f) => [f.metric, f]));
    const http = byMetric.get('article (no AMP): CPU split, upstream HTTP');
    expect(http?.median).toBe(5);
    expect(http?.note).toContain('50% of the job');
    expect(http?.note).toContain('11.0 GETs per job, 25.0 ms in flight');
    expect(byMetric.get('article (no AMP): CPU split, React renderToString')?.note).toContain('2.0 renders per job');
    expect(figures.at(-1)?.metric).toBe('article (no AMP): CPU split, total with the timer on');
    expect(figures.at(-1)?.note).toContain('9.00 ms with the timer off');
    // Phases the child did not report are left out, not printed as zero.
    expect(byMetric.has('article (no AMP): CPU split, Redis')).toBe(false);
  });

  it('holds articles to 3× their bare limit and fronts and home to 4× (the render-cost targets)', () => {
    expect(ratioTarget('article (AMP flagged)')).toBe(3);
    expect(ratioTarget('article (no AMP)')).toBe(3);
    expect(ratioTarget('section front')).toBe(4);
    expect(ratioTarget('home')).toBe(4);
  });
});

describe('bench arguments', () => {
  it('knows the throughput section and takes a profile directory', () => {
    const options = parseBenchArgs(['--only', 'throughput', '--cpu-prof', 'prof'], {});
    expect(options.only).toEqual(['throughput']);
    expect(options.cpuProfDir).toMatch(/\/prof$/);
    expect(parseBenchArgs([], {}).cpuProfDir).toBeUndefined();
    expect(parseBenchArgs([], {}).moto).toBe(false);
    expect(parseBenchArgs(['--moto'], {}).moto).toBe(true);
    expect(() => parseBenchArgs(['--only', 'nope'], {})).toThrow(/unknown section nope/);
  });
});
