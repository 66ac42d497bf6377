import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../../../core/errors.js';
import { renderDocument } from '../../shared/render-html.js';
import { PRINT_FOOTER_NAV, PRINT_REQUIRED_PROPS, PrintArticlePage, formatPrintDate, parsePrintProps, printDateValue, printPropsSchema } from './article-page.print.js';
import type { PrintArticleProps } from './variant-props.js';


function data(): Record<string, unknown> {
  return {
    site: { name: 'Fox News', lang: 'en' },
    title: 'Senate passes the bill',
    lastPublishedDate: '2025-03-08T03:30:00Z',
    source: { name: 'Fox News', url: 'https://www.example.com' },
    canonicalUrl: 'https://www.example.com/politics/senate-passes-bill',
    header: {
      authors: [
        { name: 'Jane Doe', url: '/person/d/jane-doe', bio: 'Jane Doe covers Congress.' },
        { name: 'Sam Poe' },
        { name: 'John Roe', url: '/person/r/john-roe' },
      ],
    },
    articleTags: [{ slug: 'politics' }],
    content: [
      { kind: 'paragraph', html: 'First <b>paragraph</b>.' },
      { kind: 'paragraph', html: 'Second paragraph.' },
    ],
    disclosure: 'Fox News may earn a commission if you buy through our referral links.',
    year: 2025,
  };
}

/** The page HTML without React's empty text separators, so assertions read like the page. */
function render(props: PrintArticleProps): string {
  return renderDocument(createElement(PrintArticlePage, props)).replaceAll('<!-- -->', '');
}

describe('parsePrintProps (spec 1 §2.6 print page required props)', () => {
  it('accepts complete props', () => {
    const props = parsePrintProps(data());
    expect(props.title).toBe('Senate passes the bill');
    expect(props.content).toHaveLength(2);
  });

  it('names each missing required prop', () => {
    expect(PRINT_REQUIRED_PROPS).toEqual(['title', 'lastPublishedDate', 'source', 'canonicalUrl', 'header', 'articleTags', 'content']);
    for (const name of PRINT_REQUIRED_PROPS) {
      const input = data();
      delete input[name];
      expect(() => parsePrintProps(input), name).toThrow(`Print page: missing required prop "${name}"`);
    }
  });

  it('names a missing nested field and a wrongly typed prop', () => {
    const input = data();
    input.source = { name: 'Fox News' };
    expect(() => parsePrintProps(input)).toThrow('Print page: missing required prop "source.url"');
    const bad = { ...data(), content: [{ html: 'no kind' }] };
    expect(() => parsePrintProps(bad)).toThrow(/Print page: invalid prop "content.0": expected a body block/);
  });

  it('returns props as the renderer builds them uncopied, every optional field set or not', () => {
    const full = { ...data(), site: { name: 'Fox News en Español', lang: 'es', id: 'es', translationNotice: { text: 'Traducido', linkText: 'Original', href: '/' } }, scripts: ['/assets/a.js'] };
    expect(parsePrintProps(full)).toBe(full);
    const bare = { ...data(), disclosure: undefined };
    expect(parsePrintProps(bare)).toBe(bare);
  });

  it('gives what the schema gives for every variant of every field', () => {
    const DELETE = Symbol('delete');
    /** Each field (a path into the props) set to values valid, borderline and malformed, or deleted. */
    const variants: Array<[string[], unknown[]]> = [
      [['site'], [DELETE, null, [], 'Fox News', { name: 'Fox News' }, { name: 'Fox News', lang: 'en', extra: 1 }]],
      [['site', 'id'], [undefined, 'news', 'es', 'fr', 3]],
      [['site', 'lang'], [DELETE, '', 7]],
      [['site', 'translationNotice'], [undefined, null, {}, { text: 'a', linkText: 'b', href: 'c' }, { text: 'a', linkText: 'b', href: 'c', more: true }, { text: 'a', linkText: 'b' }]],
      [['title'], [DELETE, '', 'x', 5, null]],
      [['lastPublishedDate'], [DELETE, '', '0000-00-00T00:00:00Z', 20250308]],
      [['source'], [DELETE, {}, { name: 'n', url: '' }, { name: 'n', url: 'u', rel: 'x' }, [], 'https://example.com']],
      [['canonicalUrl'], [DELETE, '', 'c', false]],
      [['header'], [DELETE, {}, { authors: [] }, { authors: [], extra: 1 }, { authors: 'Jane' }]],
      [['header', 'authors', '0'], [{ name: 'A' }, { name: 'A', url: undefined, bio: undefined }, { name: 'A', url: 1 }, { url: '/x' }, { name: 'A', role: 'x' }, null]],
      [['articleTags'], [DELETE, [], [{ slug: '' }], [{ slug: 's', name: 'n' }], [{}], ['politics'], {}]],
      [['content'], [DELETE, [], [{ kind: 'x' }], [{ kind: 7 }], [null], [['kind']], 'blocks']],
      [['disclosure'], [undefined, '', null, 1]],
      [['year'], [DELETE, 0, -1, 2025.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, '2025']],
      [['scripts'], [undefined, [], ['a.js'], [1], 'a.js', null]],
      [['extra'], [undefined, 'stripped by the schema']],
    ];
    const verdict = (run: () => unknown): unknown => {
      try {
        return run();
      } catch {
        return null;
      }
    };
    let accepted = 0;
    let refused = 0;
    for (const [path, values] of variants) {
      for (const value of values) {
        const input = structuredClone(data());
        const parent = path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, input);
        const last = path.at(-1) ?? '';
        if (value === DELETE) delete parent[last];
        else parent[last] = value;
        const schema = printPropsSchema.safeParse(input);
        const expected = schema.success ? schema.data : null;
        expect(verdict(() => parsePrintProps(input)), `${path.join('.')} = ${String(value === DELETE ? 'deleted' : JSON.stringify(value))}`).toEqual(expected);
        if (expected === null) refused += 1;
        else accepted += 1;
      }
    }
    // The variants exercise both sides of the rules.
    expect(accepted).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(40);
  });

  it('throws a RENDER_FAILED platform error', () => {
    try {
      parsePrintProps(null);
      expect.unreachable();
    } catch (error) {
      expect(isPlatformError(error, 'RENDER_FAILED')).toBe(true);
    }
  });
});

describe('print dates (spec 1 §9: MMMM DD, YYYY in US Eastern; internal YYYY-MM-DD)', () => {
  it('formats in US Eastern, where 03:30 UTC is still the previous day', () => {
    expect(formatPrintDate('2025-03-08T03:30:00Z')).toBe('March 07, 2025');
    expect(printDateValue('2025-03-08T03:30:00Z')).toBe('2025-03-07');
    expect(formatPrintDate('not a date')).toBe('');
  });
});

describe('PrintArticlePage', () => {
  const html = render(parsePrintProps(data()));

  it('is a complete document marked noindex, nofollow with a canonical link', () => {
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/politics/senate-passes-bill"/>');
    expect(html).toContain('<title>Senate passes the bill | Fox News</title>');
    // No bundle scripts were given; the only script is the PrintControls island's inert JSON props.
    expect(html.replace(/<script type="application\/json" id="island-props-[\w-]+">[^<]*<\/script>/g, '')).not.toMatch(/<script\b/);
  });

  it('shows the Print and Close controls as the PrintControls island; Close works without script', () => {
    expect(html).toMatch(/<div data-island="PrintControls" data-island-props="island-props-[\w-]+"><div class="print-controls">/);
    // Print needs the island, so it shows once hydrated; Close is a link back to the article.
    expect(html).toContain('<button type="button" data-action="print" hidden="">Print</button>');
    expect(html).toContain('<a class="button" href="https://www.example.com/politics/senate-passes-bill" data-action="close">Close</a>');
  });

  it('shows logo, title, the "By" list, the "Published" date, source link and disclosure', () => {
    expect(html).toContain('<a class="print-logo" href="/">Fox News</a>');
    expect(html).toContain('<h1>Senate passes the bill</h1>');
    expect(html).toMatch(
      /<p class="byline">By <a href="\/person\/d\/jane-doe">Jane Doe<\/a>, Sam Poe and <a href="\/person\/r\/john-roe">John Roe<\/a><\/p>/,
    );
    expect(html).toContain('<p class="published">Published <time dateTime="2025-03-07">March 07, 2025</time></p>');
    expect(html).toContain('<p class="source"><a href="https://www.example.com">Fox News</a></p>');
    expect(html).toContain('<p class="disclosure">Fox News may earn a commission if you buy through our referral links.</p>');
    const noDisclosure = render(parsePrintProps({ ...data(), disclosure: undefined }));
    expect(noDisclosure).not.toContain('class="disclosure"');
  });

  it('shows Draft for an all-zero date (spec 1 §4)', () => {
    expect(render(parsePrintProps({ ...data(), lastPublishedDate: '0000-00-00T00:00:00Z' }))).toContain('<p class="published">Draft</p>');
  });

  it('renders the body blocks, the author bio and the canonical URL as link and text', () => {
    expect(html).toContain('<p>First <b>paragraph</b>.</p><p>Second paragraph.</p>');
    expect(html).toContain('<p class="author-bio"><strong><a href="/person/d/jane-doe">Jane Doe</a></strong> Jane Doe covers Congress.</p>');
    expect(html.match(/class="author-bio"/g)).toHaveLength(1);
    expect(html).toContain(
      'Find this article at: <a href="https://www.example.com/politics/senate-passes-bill">https://www.example.com/politics/senate-passes-bill</a>',
    );
  });

  it('has the footer nav in the spec order, then the legal text', () => {
    const names = ['Home', 'Video', 'Politics', 'U.S.', 'Opinion', 'Entertainment', 'Tech', 'Science', 'Health', 'Travel', 'Lifestyle', 'World', 'Sports', 'Weather', 'Privacy', 'Terms'];
    expect(PRINT_FOOTER_NAV.map((item) => item.name)).toEqual(names);
    const footer = html.slice(html.indexOf('<footer class="print-footer">'));
    expect([...footer.matchAll(/<li><a href="[^"]*">([^<]*)<\/a><\/li>/g)].map((m) => m[1])).toEqual(names);
    expect(footer).toContain('<a href="/privacy-policy">Privacy</a>');
    expect(footer).toContain('<a href="/terms-of-use">Terms</a>');
    expect(footer).toContain('©2025 FOX News Network, LLC. All rights reserved.');
  });

  it('escapes text props', () => {
    const hostile = render(parsePrintProps({ ...data(), title: '<img src=x onerror=alert(1)>' }));
    expect(hostile).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(hostile).not.toContain('<img src=x');
  });
});
