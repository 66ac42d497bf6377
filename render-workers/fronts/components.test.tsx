import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadMoreScript, TimeLabel } from './components.js';

describe('LoadMoreScript (spec 1 §4)', () => {
  it('serialises the preloaded item, hasMore and the next from, with < escaped', () => {
    const html = renderToStaticMarkup(
      <LoadMoreScript
        data={{ pageSize: 10, from: 11, hasMore: true, preloaded: [{ title: '</script><script>alert(1)</script>', url: '/us/a', isBreaking: false, isDeveloping: false, isLive: false, authors: [] }] }}
      />,
    );
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('\\u003c/script\\u003e');
    const body = /<script type="application\/json" data-load-more="">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(body)).toMatchObject({ pageSize: 10, from: 11, hasMore: true, preloaded: [{ title: '</script><script>alert(1)</script>' }] });
  });
});

describe('TimeLabel', () => {
  it('stores the absolute date in <time datetime data-relative>', () => {
    expect(renderToStaticMarkup(<TimeLabel time={{ iso: '2026-02-28T13:05:00.000Z', label: 'February 28, 2026' }} />)).toBe(
      '<time dateTime="2026-02-28T13:05:00.000Z" data-relative="">February 28, 2026</time>',
    );
  });
});
