/**
 * The shell on stored pages, rendered by the real renderer from the sample upstream
 * (tests/support/renderer.ts): what a reader, a screen reader and a crawler find in every page's
 * header and footer (spec 1 §2.3), and pages that still render when the menus fail (spec 1 §8).
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { isTag, type Element } from 'domhandler';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HEADER_MENU_CATEGORIES } from '../../core/isomorphic/constants.js';
import { NETWORK_SITES } from '../../core/isomorphic/network.js';
import { errorLines, validateHtml } from '../../tests/support/html-validator.js';
import { HARNESS_NOW, startRendererHarness, type RendererHarness } from '../../tests/support/renderer.js';
import { notFoundPageKey, PAGE_VARIANTS, pageKey } from '../../core/storage/keys.js';
import { NETWORK_BAR_LABEL } from './network-bar.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';

let h: RendererHarness;

beforeAll(async () => {
  h = await startRendererHarness();
});

beforeEach(async () => {
  await h.sample('POST', '/__sample/reset');
  await h.sample('DELETE', '/__sample/faults');
});

afterAll(async () => {
  await h.stop();
});

async function page(path: string) {
  const outcome = await h.render(path);
  const html = await h.stored(path);
  const root = parseDocument(html).children;
  const nav = (label: string): Element | undefined => DomUtils.findAll((el) => el.name === 'nav' && el.attribs['aria-label'] === label, root)[0];
  const links = (el: Element | undefined): [string, string][] =>
    el ? DomUtils.findAll((node) => node.name === 'a', [el]).map((a) => [DomUtils.textContent(a), a.attribs.href ?? '']) : [];
  const text = DomUtils.textContent(root);
  return { outcome, html, root, nav, links, text };
}

describe('the shell on the home page (spec 1 §2.3)', () => {
  it('has the 10 header menu categories in order', async () => {
    const { nav, links } = await page('/');
    expect(links(nav('Main')).map(([name]) => name)).toEqual([...HEADER_MENU_CATEGORIES]);
  });

  it('has the More menu with expandable subsections as details/summary disclosures', async () => {
    const { nav, links } = await page('/');
    const more = nav('More');
    if (!more) throw new Error('no More menu');
    const disclosures = DomUtils.findAll((el) => el.name === 'details', [more]);
    const summaries = disclosures.map((d) => DomUtils.textContent(d.children.filter((c): c is Element => isTag(c) && c.name === 'summary')));
    expect(summaries.slice(0, 3)).toEqual(['More', 'U.S.', 'Politics']);
    expect(summaries).toContain('Business');
    expect(links(more)).toEqual(
      expect.arrayContaining([
        ['Crime', '/category/us/crime'],
        ['Senate', '/category/politics/senate'],
        ['Markets', 'https://www.foxbusiness.com/markets'],
        ['Daily Crossword', '/games/daily-crossword-puzzle'],
      ]),
    );
  });

  it('has the mobile menu from the mobile layout', async () => {
    const { nav, links } = await page('/');
    const names = links(nav('Mobile')).map(([name]) => name);
    for (const category of HEADER_MENU_CATEGORIES) expect(names).toContain(category);
  });

  it('shows the Video entry’s hex colour as an accent bar', async () => {
    const { nav } = await page('/');
    const main = nav('Main');
    const video = main && DomUtils.findAll((el) => el.name === 'a' && DomUtils.textContent(el) === 'Video', [main])[0];
    expect(video?.attribs.style).toBe('border-bottom:3px solid #E4002B');
  });

  it('has a log-in link, Watch TV and the search toggle', async () => {
    const { html, text } = await page('/');
    expect(text).toContain('Watch TV');
    expect(html).toMatch(/<a class="login" href="\/account\/login">Log In<\/a>/);
    expect(html).toContain('<a class="watch-tv" href="/video">Watch TV</a>');
    expect(html).toContain('data-island="HeaderSearch"');
  });

  it('lists the 8 sister sites in the network bar', async () => {
    const { nav, links } = await page('/');
    expect(links(nav(NETWORK_BAR_LABEL))).toEqual(NETWORK_SITES.map((site) => [site.name, site.url]));
    expect(links(nav(NETWORK_BAR_LABEL))).toHaveLength(8);
  });

  it('has the 5 social links in order, the legal links and the copyright year from the render clock', async () => {
    const { nav, links, text } = await page('/');
    expect(links(nav('Follow us')).map(([name]) => name)).toEqual(['Facebook', 'Twitter', 'Instagram', 'RSS', 'Newsletters']);
    expect(links(nav('Legal'))).toEqual(expect.arrayContaining([['Privacy Policy', '/privacy-policy'], ['Terms of Use', '/terms-of-use']]));
    expect(HARNESS_NOW.getUTCFullYear()).toBe(2026);
    expect(text).toContain('©2026 FOX News Network, LLC.');
    expect(text).toContain('Market data provided by Factset.');
  });

  it('has the desktop header ad slot under the header: 970x250, 970x66, 728x90, labelled, desktop only (spec 1 §9)', async () => {
    const { root, html } = await page('/');
    const slot = DomUtils.findAll((el) => el.attribs.id === 'ad-header', root);
    expect(slot).toHaveLength(1);
    const aside = slot[0];
    if (!aside) throw new Error('no header ad slot');
    expect(aside.name).toBe('aside');
    expect(aside.attribs['data-sizes']).toBe('970x250,970x66,728x90');
    expect(aside.attribs['data-devices']).toBe('desktop');
    expect(aside.attribs.class?.split(' ')).toEqual(['ad', 'ad-desktop', 'ad-header']);
    expect(aside.attribs['aria-label']).toBe('Advertisement');
    expect(DomUtils.textContent(aside)).toBe('Advertisement');
    // Between the header and the page's own content.
    expect(html.indexOf('id="ad-header"')).toBeGreaterThan(html.indexOf('</header>'));
    expect(html.indexOf('id="ad-header"')).toBeLessThan(html.indexOf('<main'));
  });
});

describe('the desktop header ad slot on other pages (spec 1 §9)', () => {
  it('is on articles and section fronts, labelled in the edition’s language, and not on health articles or where the header is hidden', async () => {
    expect((await page(ARTICLE)).html).toContain('<aside class="ad ad-desktop ad-header" id="ad-header" data-sizes="970x250,970x66,728x90" data-devices="desktop" aria-label="Advertisement">');
    expect((await page('/politics')).html).toContain('id="ad-header"');
    const spanish = await h.render('/', undefined, 'es');
    expect(spanish.kind).toBe('home');
    expect(await h.stored('/', 'standard', 'es')).toContain('id="ad-header" data-sizes="970x250,970x66,728x90" data-devices="desktop" aria-label="Publicidad"');
    // Health articles get only tablet and mobile ads (spec 1 §9): no desktop header slot either.
    const health = await page('/health/why-doctors-want-you-to-walk-after-meals');
    expect(health.outcome.kind).toBe('article');
    expect(health.html).toContain('<header');
    expect(health.html).not.toContain('id="ad-header"');
    // /gowatch hides the header (spec 1 §2.3), and its slot with it.
    const gowatch = await page('/gowatch');
    expect(gowatch.html).not.toContain('<header');
    expect(gowatch.html).not.toContain('id="ad-header"');
  });
});

describe('active topic and section', () => {
  it('marks the article’s topic with aria-current="page" and its section with aria-current', async () => {
    const { nav } = await page(ARTICLE);
    const topics = nav('Topics');
    if (!topics) throw new Error('no topic bar');
    const current = DomUtils.findAll((el) => el.name === 'a' && el.attribs['aria-current'] !== undefined, [topics]);
    expect(current.map((a) => [DomUtils.textContent(a), a.attribs['aria-current'], a.attribs.href])).toEqual([['Rural Broadband', 'page', ARTICLE]]);
    const main = nav('Main');
    const section = main ? DomUtils.findAll((el) => el.name === 'a' && el.attribs['aria-current'] !== undefined, [main]) : [];
    expect(section.map((a) => DomUtils.textContent(a))).toEqual(['Politics']);
  });
});

describe('menu colours from upstream', () => {
  it('are applied only when they are valid CSS hex colours', async () => {
    const item = (name: string, url: string, color: string) => ({ name, url, tracking: 't', trackingWeb: 't', color, isMobile: false, subsections: [] });
    await h.sample('PUT', '/__sample/layouts', {
      id: 'layout-nav-HeaderLayout',
      subtype: 'nav',
      elementId: 'HeaderLayout',
      'main-content': [
        {
          type: 'menu',
          model: {
            items: [
              item('Good', '/us', '#0a7'),
              item('Injected', '/politics', '#fff;background:url(https://evil.example/x)'),
              item('Named', '/world', 'red'),
              item('Quoted', '/opinion', '#fff" onmouseover="alert(1)'),
            ],
          },
        },
      ],
    });
    const { nav, html } = await page('/');
    const main = nav('Main');
    const anchors = main ? DomUtils.findAll((el) => el.name === 'a', [main]) : [];
    expect(anchors.map((a) => [DomUtils.textContent(a), a.attribs.style])).toEqual([
      ['Good', 'border-bottom:3px solid #0a7'],
      ['Injected', undefined],
      ['Named', undefined],
      ['Quoted', undefined],
    ]);
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('onmouseover');
  });
});

/**
 * The spec's empty fallback applies when nothing better exists: no last good copy of the menus
 * (core/upstream/side-data.ts) and no stored page that had them (such a page is kept).
 */
async function withNothingBetter(path: string): Promise<void> {
  await h.forgetSideData();
  for (const variant of PAGE_VARIANTS) await h.store.delete(pageKey('news', path, variant));
  if (path === '/') await h.store.delete(notFoundPageKey('news'));
}

describe('menu and legal-link failures with no good copy anywhere (spec 1 §8: logged, the menu stays empty, the page renders)', () => {
  it('still renders and stores the page, with empty menus and the rest of the shell', async () => {
    await withNothingBetter('/');
    await h.sample('POST', '/__sample/faults', { path: '/layouts', query: { subtype: 'nav' }, mode: 'status', status: 500 });
    await h.sample('POST', '/__sample/faults', { path: '/layouts', query: { subtype: 'navLegalLinksLayout' }, mode: 'status', status: 503 });
    const logStart = h.logLines.length;
    const { outcome, nav, links, text, html } = await page('/');
    expect(outcome.kind).toBe('home');
    for (const label of ['Main', 'More', 'Mobile', 'Topics', 'Legal']) expect(nav(label), label).toBeUndefined();
    expect(html).toContain('<main id="main-content">');
    expect(text).toContain('Watch TV');
    expect(text).toContain('Log In');
    expect(links(nav(NETWORK_BAR_LABEL))).toHaveLength(8);
    expect(links(nav('Follow us'))).toHaveLength(5);
    expect(text).toContain('©2026 FOX News Network, LLC.');
    const messages = h.logLines.slice(logStart).map((line) => line.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'An error occurred while fetching header menu data',
        'An error occurred while fetching more menu data',
        'An error occurred while fetching mobile menu data',
        'An error occurred while fetching topic menu data',
        'An error occurred while fetching legal links data',
      ]),
    );
  });

  it('keeps an article page rendering when only the More menu fails', async () => {
    await withNothingBetter(ARTICLE);
    await h.sample('POST', '/__sample/faults', { path: '/layouts', query: { subtype: 'nav', elementId: 'MoreLayout' }, mode: 'malformed' });
    const { outcome, nav, links } = await page(ARTICLE);
    expect(outcome.kind).toBe('article');
    expect(nav('More')).toBeUndefined();
    expect(links(nav('Main')).map(([name]) => name)).toEqual([...HEADER_MENU_CATEGORIES]);
    expect(nav('Legal')).toBeDefined();
  });
});

describe('HTML validity', () => {
  it('gives the shell on home, a section front and an article, with and without menus, no HTML errors', { timeout: 120_000 }, async () => {
    const documents: { name: string; html: string }[] = [];
    for (const path of ['/', '/politics', ARTICLE]) documents.push({ name: path, html: (await page(path)).html });
    await withNothingBetter('/');
    await h.sample('POST', '/__sample/faults', { path: '/layouts', query: { subtype: 'nav' }, mode: 'status', status: 500 });
    documents.push({ name: '/ (menus failed)', html: (await page('/')).html });
    expect(errorLines(await validateHtml(documents))).toEqual([]);
  });
});
