import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadMoreIslandProps, TimeLabel } from './components.js';

describe('loadMoreIslandProps (spec 1 §4, §9)', () => {
  it('passes the preloaded item, the next from and hasMore to the island, with the page size 10', () => {
    const props = loadMoreIslandProps({
      pageSize: 10,
      from: 11,
      hasMore: true,
      category: 'politics',
      preloaded: [{ title: '</script><script>alert(1)</script>', url: '/us/a', isBreaking: false, isDeveloping: false, isLive: false, authors: [] }],
    });
    expect(props).toMatchObject({ category: 'politics', from: 11, pageSize: 10, hasMore: true, endpoint: '/api/article-search' });
    expect(props.preloaded[0]).toMatchObject({ title: '</script><script>alert(1)</script>', url: '/us/a' });
  });
});

describe('TimeLabel', () => {
  it('stores the absolute date in <time datetime data-relative>', () => {
    expect(renderToStaticMarkup(<TimeLabel time={{ iso: '2026-02-28T13:05:00.000Z', label: 'February 28, 2026' }} />)).toBe(
      '<time dateTime="2026-02-28T13:05:00.000Z" data-relative="">February 28, 2026</time>',
    );
  });
});
