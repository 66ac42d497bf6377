import { describe, expect, it } from 'vitest';
import { isDataKey } from '../dependency-index.js';
import { dataKeys, key } from './data-keys.js';

describe('data keys', () => {
  it('keeps the documented spellings for ordinary ids', () => {
    expect(dataKeys.article('art-1001')).toBe('article:art-1001');
    expect(dataKeys.category('/politics')).toBe('category:/politics');
    expect(dataKeys.layout('nav', 'HeaderLayout')).toBe('layout:nav:HeaderLayout');
    expect(dataKeys.categoryList('politics')).toBe('list:category:politics');
    expect(dataKeys.latestList()).toBe('list:latest');
    expect(dataKeys.menu()).toBe('menu');
    expect(dataKeys.videosByTag('full_episode')).toBe('videos:tag:full_episode');
    expect(dataKeys.front('/politics')).toBe('front:/politics');
  });

  it('replaces parts that could not travel as a surrogate key with a stable digest', () => {
    const spaced = dataKeys.article('art 9');
    expect(spaced).toMatch(/^article:~[0-9a-f]{32}$/);
    expect(dataKeys.article('art 9')).toBe(spaced);
    expect(dataKeys.article('art 10')).not.toBe(spaced);
    const long = dataKeys.articlePath(`/${'a'.repeat(200)}/${'b'.repeat(200)}`);
    expect(long.length).toBeLessThanOrEqual(256);
    // A colon inside an id must not fake another key's structure; "~" prefixes are ours alone.
    expect(key('article', 'x:y')).toMatch(/^article:~[0-9a-f]{32}$/);
    expect(key('article', '~abc')).toMatch(/^article:~[0-9a-f]{32}$/);
    expect(dataKeys.article('статья')).toMatch(/^article:~/);
  });

  it('always gives keys the dependency index accepts, in printable ASCII under 256 characters', () => {
    for (const value of ['art 9', 'x'.repeat(600), 'ümlaut', 'a\nb', '/politics/ok']) {
      for (const built of [dataKeys.article(value), dataKeys.articlePath(value), dataKeys.layout(value, value)]) {
        expect(isDataKey(built)).toBe(true);
        expect(built).toMatch(/^[\x21-\x7e]{1,256}$/);
      }
    }
  });
});
