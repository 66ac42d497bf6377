import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { specialSeriesBanners } from './special-series.js';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger({
    component: 'special-series-test',
    level: 'debug',
    destination: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    }),
  });
  return { log, lines };
}

const series = (name: string, url: string, tags: unknown) => ({ type: 'special-series', model: { name, url, tags } });

describe('special-series banners (spec 1 §2.6)', () => {
  it('keeps the banners whose tag the article carries, in layout order, each url once', () => {
    const { log } = capture();
    const components = [
      { type: 'ad', model: { sizes: ['300x250'] } },
      series('America Together', '/category/us/personal-freedoms/america-together', ['fox-news/us/personal-freedoms/america-together']),
      series('Not This One', '/category/us/other', ['fox-news/us/other']),
      series('Around the <em>States</em>', '/category/us/around-the-states', ['fox-news/us/around-the-states', 'fox-news/us/flooding']),
      series('Around the States again', '/category/us/around-the-states', ['fox-news/us/flooding']),
    ];
    expect(specialSeriesBanners(components, ['fox-news/us/flooding', 'fox-news/us/personal-freedoms/america-together'], log)).toEqual([
      { name: 'America Together', url: '/category/us/personal-freedoms/america-together' },
      { name: 'Around the States', url: '/category/us/around-the-states' },
    ]);
    expect(specialSeriesBanners(components, ['fox-news/us/weather'], log)).toEqual([]);
  });

  it('logs and leaves out a banner without tags, with an unsafe url or a blank name', () => {
    const { log, lines } = capture();
    const components = [series('No tags', '/a', []), series('Unsafe', 'javascript:alert(1)', ['t']), series('<b></b>', '/b', ['t'])];
    expect(specialSeriesBanners(components, ['t'], log)).toEqual([]);
    expect(lines.filter((line) => String(line.message).startsWith('Invalid special-series banner'))).toHaveLength(3);
  });
});
