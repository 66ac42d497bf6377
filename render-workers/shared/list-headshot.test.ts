import { describe, expect, it } from 'vitest';
import { frontArticleItemSchema } from '../../core/upstream/component-schemas.js';
import { DEFAULT_PERSON_IMAGE } from '../article/rules.js';
import { listHeadshot } from './load-components.js';

const item = (authors: Array<{ name: string; avatar?: string }>, source?: string) =>
  frontArticleItemSchema.parse({ title: 'T', url: '/us/t', authors, ...(source === undefined ? {} : { source: { name: source } }) });
const PHOTO = 'https://static.example.com/images/authors/sarah.jpg';

describe('author headshots in lists (spec 1 §9 "48x48 in lists", §5)', () => {
  it('shows the first author photo at 48x48 for the publisher\'s own source, or when the source is not given', () => {
    expect(listHeadshot(item([{ name: 'Sarah Whitfield', avatar: PHOTO }], 'Fox News'))).toEqual({ src: 'https://static.example.com/images/authors/48/48/sarah.jpg?ve=1&tl=1', name: 'Sarah Whitfield' });
    expect(listHeadshot(item([{ name: 'Sarah Whitfield', avatar: PHOTO }]))?.src).toContain('/48/48/');
    expect(listHeadshot(item([{ name: 'No Photo' }, { name: 'Sarah Whitfield', avatar: PHOTO }]))?.name).toBe('Sarah Whitfield');
  });

  it('shows none for another source, the default-person image or no photo', () => {
    expect(listHeadshot(item([{ name: 'Dana Reyes', avatar: PHOTO }], 'Fox Business'))).toBeUndefined();
    expect(listHeadshot(item([{ name: 'Ruth Ellis', avatar: DEFAULT_PERSON_IMAGE }]))).toBeUndefined();
    expect(listHeadshot(item([{ name: 'James Park' }]))).toBeUndefined();
    expect(listHeadshot(item([{ name: 'Blank', avatar: '  ' }]))).toBeUndefined();
  });
});
