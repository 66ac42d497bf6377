import { describe, expect, it } from 'vitest';
import type { ListSection } from '../shared/view-model.js';
import { articleSideLists } from './render-article.js';

const story = (n: number) => ({ title: `Story ${n}`, url: `/politics/story-${n}` });
const list = (title: string, numbers: number[], size?: number): ListSection => ({ title, items: numbers.map(story), ...(size === undefined ? {} : { size }) });
const urls = (section: ListSection | undefined) => section?.items.map((item) => item.url);

describe('an article\'s side lists (render-article.ts articleSideLists)', () => {
  it('leaves out the article and what the rail shows, cutting each list to its size from the spares', () => {
    const { rightRail, postContent } = articleSideLists(
      { rightRail: [list('Trending', [1, 2, 3, 4, 5, 6, 7, 8], 3)], postContent: [list('More', [2, 3, 4, 5, 6, 7, 8, 9], 3)] },
      '/politics/story-2',
      true,
    );
    expect(urls(rightRail[0])).toEqual(['/politics/story-1', '/politics/story-3', '/politics/story-4']);
    expect(urls(postContent[0])).toEqual(['/politics/story-5', '/politics/story-6', '/politics/story-7']);
    expect(rightRail[0]).not.toHaveProperty('size');
  });

  it('drops a list whose every story is shown above, and keeps a list upstream had nothing for', () => {
    const { postContent } = articleSideLists(
      { rightRail: [list('Trending', [1, 2, 3], 5)], postContent: [list('More', [1, 2, 3], 4), list('Empty', [], 4)] },
      '/politics/story-9',
      true,
    );
    expect(postContent.map((section) => section.title)).toEqual(['Empty']);
  });

  it('takes nothing from the lists below for a rail the layout does not show (interactive)', () => {
    const { postContent } = articleSideLists({ rightRail: [list('Trending', [1, 2], 5)], postContent: [list('More', [1, 2, 3], 4)] }, '/politics/story-3', false);
    expect(urls(postContent[0])).toEqual(['/politics/story-1', '/politics/story-2']);
  });

  it('shows a last good copy read before the spares (no size) in full, less the article and repeats', () => {
    const { rightRail } = articleSideLists({ rightRail: [list('Trending', [1, 2, 1, 3])], postContent: [] }, '/politics/story-3', true);
    expect(urls(rightRail[0])).toEqual(['/politics/story-1', '/politics/story-2']);
  });
});
