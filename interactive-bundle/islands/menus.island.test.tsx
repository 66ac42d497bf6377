import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandPropsError } from '../island-props.js';
import { Menus, parseMenusProps, type MenusProps } from './menus.island.js';

const PROPS: MenusProps = {
  kind: 'more',
  label: 'More',
  summary: 'More',
  items: [
    { name: 'Science', url: '/science', color: '#0A7', subsections: [{ name: 'Air & Space', url: '/category/science/air-and-space' }] },
    { name: 'Weather', url: '/weather', subsections: [] },
  ],
  activeUrl: '/weather',
};

describe('Menus server markup (the no-script fallback)', () => {
  const html = renderToString(<Menus {...PROPS} />);

  it('is a labelled nav of <details> disclosures, closed, with no aria-expanded on a summary (HTML forbids it)', () => {
    expect(html).toMatch(/^<nav class="more-menu" aria-label="More"><details><summary>More<\/summary><ul id="[^"]+">/);
    expect(html).toContain('<details><summary style="border-bottom:3px solid #0A7">Science</summary>');
    expect(html).not.toContain('aria-expanded');
    expect(html).not.toContain('<details open');
  });

  it('marks the section the page belongs to', () => {
    expect(html).toContain('<a href="/weather" aria-current="true">Weather</a>');
  });
});

describe('parseMenusProps', () => {
  it('accepts the props the shell writes', () => {
    expect(parseMenusProps(PROPS)).toEqual(PROPS);
  });

  it('drops links that are not site-relative or http(s), and bad colours', () => {
    const parsed = parseMenusProps({
      ...PROPS,
      items: [
        { name: 'Bad', url: 'javascript:alert(1)', subsections: [] },
        { name: 'Good', url: '/good', color: 'red;background:url(x)', subsections: [{ name: 'Proto', url: '//evil.example' }] },
      ],
    });
    expect(parsed.items).toEqual([{ name: 'Good', url: '/good', subsections: [] }]);
  });

  it('refuses a menu without a kind or labels', () => {
    expect(() => parseMenusProps({ ...PROPS, kind: 'side' })).toThrow(IslandPropsError);
    expect(() => parseMenusProps({ ...PROPS, label: '' })).toThrow(IslandPropsError);
    expect(() => parseMenusProps({ ...PROPS, items: null })).toThrow(IslandPropsError);
  });
});
