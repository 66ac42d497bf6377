/**
 * The site header as a reader and a screen reader see it (spec 1 §2.3, §3 Menu item): the main menu's
 * categories, the More menu's disclosures, the mobile menu, the topic bar's active topic, the log-in
 * link, Watch TV, the search toggle and the network bar.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { isTag, type Element } from 'domhandler';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HEADER_MENU_CATEGORIES } from '../../core/isomorphic/constants.js';
import { NETWORK_SITES } from '../../core/isomorphic/network.js';
import { SITES } from '../../core/isomorphic/sites.js';
import { fillText, uiText } from '../../core/isomorphic/ui-text.js';
import type { MenuEntry, ShellModel } from '../shared/view-model.js';
import { HEADER_ID_PREFIX, HEADER_TEXTS, SiteHeader } from './header.js';
import { NETWORK_BAR_LABEL } from './network-bar.js';

const CATEGORY_URLS = ['/us', '/politics', '/world', '/opinion', '/media', '/entertainment', '/sports', '/lifestyle', '/video', '/category/tech/artificial-intelligence'];

const HEADER: MenuEntry[] = HEADER_MENU_CATEGORIES.map((name, index) => ({
  name,
  url: CATEGORY_URLS[index] ?? '/',
  subsections: [],
  ...(name === 'Video' ? { color: '#E4002B' } : {}),
}));

const MORE: MenuEntry[] = [
  { name: 'U.S.', url: '/us', subsections: [{ name: 'Crime', url: '/category/us/crime' }, { name: 'Military', url: '/category/us/military' }] },
  { name: 'Business', url: 'https://www.foxbusiness.com/', subsections: [{ name: 'Markets', url: 'https://www.foxbusiness.com/markets' }], color: '#0A7' },
  { name: 'Weather', url: '/weather', subsections: [] },
  { name: 'App only', url: '/app-only', subsections: [], isMobile: true },
];

const MOBILE: MenuEntry[] = [
  { name: 'U.S.', url: '/us', subsections: [{ name: 'Crime', url: '/category/us/crime' }], isMobile: true },
  { name: 'Politics', url: '/politics', subsections: [], isMobile: true },
];

const TOPICS: MenuEntry[] = [
  { name: 'Rural Broadband', url: '/politics/rural-broadband', subsections: [] },
  { name: 'River Recovery', url: '/us/river-recovery', subsections: [] },
];

function shell(overrides: Partial<ShellModel> = {}): ShellModel {
  return {
    site: SITES.news,
    menus: { header: [...HEADER, { name: 'Mobile extra', url: '/mobile-extra', subsections: [], isMobile: true }], more: MORE, mobile: MOBILE, topics: TOPICS },
    legalLinks: [],
    activeTopicUrl: '/us/river-recovery',
    activeSectionUrl: '/politics',
    year: 2026,
    scripts: [],
    ...overrides,
  };
}

function render(model: ShellModel) {
  const html = renderToString(<SiteHeader shell={model} />);
  return { html, root: parseDocument(html).children };
}

function elements(root: ReturnType<typeof render>['root'], test: (el: Element) => boolean): Element[] {
  return DomUtils.findAll(test, root);
}

function nav(root: ReturnType<typeof render>['root'], label: string): Element | undefined {
  return elements(root, (el) => el.name === 'nav' && el.attribs['aria-label'] === label)[0];
}

function links(el: Element | undefined): { text: string; href: string | undefined; el: Element }[] {
  if (!el) return [];
  return DomUtils.findAll((node) => node.name === 'a', [el]).map((a) => ({ text: DomUtils.textContent(a), href: a.attribs.href, el: a }));
}

/** The direct children of `el` with the tag `name`. */
function children(el: Element, name: string): Element[] {
  return el.children.filter((node): node is Element => isTag(node) && node.name === name);
}

describe('main menu (spec 1 §2.3)', () => {
  it('lists the 10 header menu categories in order, in a navigation landmark labelled Main', () => {
    const { root } = render(shell());
    expect(links(nav(root, 'Main')).map((link) => link.text)).toEqual([
      'U.S.',
      'Politics',
      'World',
      'Opinion',
      'Media',
      'Entertainment',
      'Sports',
      'Lifestyle',
      'Video',
      'AI',
    ]);
    expect(HEADER_MENU_CATEGORIES).toHaveLength(10);
  });

  it('leaves mobile-only entries (isMobile) to the mobile menu', () => {
    const { root } = render(shell());
    expect(links(nav(root, 'Main')).map((link) => link.text)).not.toContain('Mobile extra');
    expect(links(nav(root, 'More')).map((link) => link.text)).not.toContain('App only');
  });

  it('marks the section the page belongs to', () => {
    const { root } = render(shell());
    const current = links(nav(root, 'Main')).filter((link) => link.el.attribs['aria-current'] !== undefined);
    expect(current.map((link) => [link.text, link.el.attribs['aria-current']])).toEqual([['Politics', 'true']]);
  });

  it('shows a menu item’s colour as an accent bar (not text colour: contrast)', () => {
    const { root } = render(shell());
    const video = links(nav(root, 'Main')).find((link) => link.text === 'Video');
    expect(video?.el.attribs.style).toBe('border-bottom:3px solid #E4002B');
    expect(links(nav(root, 'Main')).filter((link) => link.el.attribs.style !== undefined)).toHaveLength(1);
  });
});

describe('More menu with expandable subsections (spec 1 §2.3)', () => {
  it('is a details/summary disclosure labelled More, in a navigation landmark', () => {
    const { root } = render(shell());
    const more = nav(root, 'More');
    expect(more).toBeDefined();
    if (!more) return;
    const [outer] = children(more, 'details');
    expect(outer).toBeDefined();
    if (!outer) return;
    expect(children(outer, 'summary').map((s) => DomUtils.textContent(s))).toEqual(['More']);
  });

  it('expands each entry with subsections into its own disclosure holding the entry and its subsection links', () => {
    const { root } = render(shell());
    const more = nav(root, 'More');
    if (!more) throw new Error('no More menu');
    const inner = elements([more], (el) => el.name === 'details').slice(1);
    expect(inner.map((d) => DomUtils.textContent(children(d, 'summary')))).toEqual(['U.S.', 'Business']);
    expect(inner.map((d) => links(d).map((link) => [link.text, link.href]))).toEqual([
      [
        ['U.S.', '/us'],
        ['Crime', '/category/us/crime'],
        ['Military', '/category/us/military'],
      ],
      [
        ['Business', 'https://www.foxbusiness.com/'],
        ['Markets', 'https://www.foxbusiness.com/markets'],
      ],
    ]);
    expect(children(inner[1] ?? more, 'summary')[0]?.attribs.style).toBe('border-bottom:3px solid #0A7');
  });

  it('renders an entry without subsections as a plain link', () => {
    const { root } = render(shell());
    const weather = links(nav(root, 'More')).find((link) => link.text === 'Weather');
    expect(weather?.href).toBe('/weather');
    expect(weather?.el.parent && 'name' in weather.el.parent ? weather.el.parent.name : '').toBe('li');
  });
});

describe('Menus island (spec 1 §2.3)', () => {
  it('renders the More and mobile menus as Menus islands, with the <details> fallback inside', () => {
    const { html } = render(shell());
    expect(html.match(/data-island="Menus"/g)).toHaveLength(2);
    // HTML forbids aria-expanded on a summary: the island adds it to its buttons once hydrated.
    expect(html).not.toMatch(/<summary[^>]*aria-expanded/);
    expect(html).toContain('"kind":"more","label":"More","summary":"More"');
    expect(html).toContain('"kind":"mobile","label":"Mobile","summary":"Menu"');
  });

  it('renders no menu island for an empty (failed) menu', () => {
    const { html } = render(shell({ menus: { header: HEADER, more: [], mobile: [], topics: TOPICS } }));
    expect(html).not.toContain('data-island="Menus"');
  });
});

describe('mobile menu (spec 1 §2.3)', () => {
  it('lists the mobile layout’s items in a Menu disclosure, in a navigation landmark labelled Mobile', () => {
    const { root } = render(shell());
    const mobile = nav(root, 'Mobile');
    if (!mobile) throw new Error('no mobile menu');
    const [outer] = children(mobile, 'details');
    expect(outer && DomUtils.textContent(children(outer, 'summary'))).toBe('Menu');
    expect(links(mobile).map((link) => [link.text, link.href])).toEqual([
      ['U.S.', '/us'],
      ['Crime', '/category/us/crime'],
      ['Politics', '/politics'],
    ]);
  });
});

describe('topic bar (spec 1 §2.3)', () => {
  it('highlights the active topic with aria-current="page", and only it', () => {
    const { root } = render(shell());
    const topics = links(nav(root, 'Topics'));
    expect(topics.map((link) => link.text)).toEqual(['Rural Broadband', 'River Recovery']);
    expect(topics.map((link) => link.el.attribs['aria-current'])).toEqual([undefined, 'page']);
  });

  it('marks no topic when the page is none of them', () => {
    const { html } = render(shell({ activeTopicUrl: '/elsewhere' }));
    expect(html).not.toContain('aria-current="page"');
  });
});

describe('header actions (spec 1 §2.3)', () => {
  it('has a log-in link, the Watch TV button and the search toggle island', () => {
    const { html, root } = render(shell());
    const all = links(root.filter(isTag)[0]);
    expect(all.find((link) => link.text === 'Log In')?.href).toBe(HEADER_TEXTS.logInUrl);
    expect(all.find((link) => link.text === 'Watch TV')?.href).toBe('/video');
    expect(HEADER_TEXTS.watchTv).toBe('Watch TV');
    expect(html).toContain('data-island="HeaderSearch"');
    expect(html).toContain('placeholder="Search Fox News"');
  });
});

describe('network bar (spec 1 §2.3)', () => {
  it('lists the 8 sister sites in a labelled navigation landmark at the top of the header', () => {
    const { root } = render(shell());
    const bar = nav(root, NETWORK_BAR_LABEL);
    expect(links(bar).map((link) => [link.text, link.href])).toEqual(NETWORK_SITES.map((site) => [site.name, site.url]));
    expect(links(bar)).toHaveLength(8);
  });
});

describe('failed menus (spec 1 §8)', () => {
  it('render no empty landmarks, and keep the actions and the network bar', () => {
    const { html, root } = render(shell({ menus: { header: [], more: [], mobile: [], topics: [] } }));
    for (const label of ['Main', 'More', 'Mobile', 'Topics']) expect(nav(root, label), label).toBeUndefined();
    expect(html).toContain('Watch TV');
    expect(html).toContain('Log In');
    expect(html).toContain('data-island="HeaderSearch"');
    expect(links(nav(root, NETWORK_BAR_LABEL))).toHaveLength(8);
  });
});

describe('landmarks', () => {
  it('gives every navigation landmark a distinct label', () => {
    const { root } = render(shell());
    const labels = elements(root, (el) => el.name === 'nav').map((el) => el.attribs['aria-label']);
    expect(labels).toEqual([NETWORK_BAR_LABEL, 'Main', 'More', 'Mobile', 'Topics']);
  });
});

describe('one header render per menus and marks', () => {
  /** Menus as a worker holds them for a publish wave: derived once from a kept answer and frozen. */
  function frozenMenus(): ShellModel['menus'] {
    return Object.freeze({ header: Object.freeze([...HEADER]), more: Object.freeze([...MORE]), mobile: Object.freeze([...MOBILE]), topics: Object.freeze([...TOPICS]) }) as unknown as ShellModel['menus'];
  }

  it('gives every page that marks the same section and topic the same header, and each page its own marks', () => {
    const menus = frozenMenus();
    // Two articles of one section: neither path is a topic, so the topic bar marks nothing on either.
    const first = render(shell({ menus, activeSectionUrl: '/politics', activeTopicUrl: '/politics/one-story' })).html;
    const second = render(shell({ menus, activeSectionUrl: '/politics', activeTopicUrl: '/politics/another-story' })).html;
    expect(second).toBe(first);
    expect(first).not.toContain('aria-current="page"');
    expect(first).toContain('<a href="/politics" aria-current="true">Politics</a>');
    // The topic's own page marks it; another section marks its own entry and passes it to the menus.
    const topic = render(shell({ menus, activeSectionUrl: '/politics', activeTopicUrl: '/politics/rural-broadband' })).html;
    expect(topic).toContain('<a href="/politics/rural-broadband" aria-current="page">Rural Broadband</a>');
    const world = render(shell({ menus, activeSectionUrl: '/world' })).html;
    expect(world).toContain('<a href="/world" aria-current="true">World</a>');
    expect(world).not.toContain('<a href="/politics" aria-current="true">');
    expect(world).toContain('"activeUrl":"/world"');
    // The Spanish edition's header from the same menus is its own (its words, its wordmark).
    const es = render(shell({ menus, site: SITES.es, activeSectionUrl: '/politics' })).html;
    expect(es).not.toBe(first);
    expect(es).toContain(`aria-label="${fillText(uiText('es').siteHome, { site: SITES.es.name })}"`);
  });

  it('renders the same HTML from frozen menus as from the same menus not frozen (rendered each time)', () => {
    const model = shell({ activeSectionUrl: '/politics', activeTopicUrl: '/us/river-recovery' });
    expect(render({ ...model, menus: frozenMenus() }).html).toBe(render(model).html);
  });

  it("gives the header's islands props ids of their own, unlike any the page's root gives", () => {
    const { html } = render(shell());
    const ids = [...html.matchAll(/id="(island-props-[^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBe(3);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toContain(HEADER_ID_PREFIX);
  });
});
