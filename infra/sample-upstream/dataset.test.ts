import { describe, expect, it } from 'vitest';
import { HEADER_MENU_CATEGORIES } from '../../core/isomorphic/constants.js';
import { isValidPagePath } from '../../core/storage/keys.js';
import {
  KNOWN_BLOCK_KINDS,
  LAYOUT_REGIONS,
  articleListModelSchema,
  categorySchema,
  legalLinksModelSchema,
  newsletterPromoModelSchema,
  fullArticleSchema,
  layoutSchema,
  menuModelSchema,
  parseArticleBlock,
  personSchema,
  sitePathEntrySchema,
  type FullArticle,
} from '../../core/upstream/schemas.js';
import type { ShowInput } from '../../core/upstream/show-client.js';
import { DEFAULT_PERSON_IMAGE } from './data/people.js';
import { TAG_FRONT_CATEGORIES } from './data/tag-fronts.js';
import { createDataset } from './data/index.js';
import { SHOWS } from './data/shows.js';
import { STATIC_PAGES } from './data/static-pages.js';
import { articlePathOf, SampleStore } from './store.js';
import { buildSampleUpstream } from './server.js';

const dataset = createDataset();
const articles: FullArticle[] = dataset.articles.map((record) => fullArticleSchema.parse(record));

function byId(id: string): FullArticle {
  const found = articles.find((a) => a.id === id);
  if (!found) throw new Error(`no article ${id}`);
  return found;
}

/** Every block kind of spec 1 §3 "Block types", by the names of core/upstream/block-schemas.ts. */
const SPEC_BLOCK_KINDS = [
  'paragraph', 'heading', 'list', 'pull-quote', 'raw-html', 'external-link', 'table', 'article-image', 'images',
  'full-span-image', 'related-media', 'inline-video', 'featured-video', 'slider', 'slideshow', 'facebook-post',
  'instagram', 'tweet', 'tiktok', 'vimeo', 'youtube', 'shared-video', 'pdf', 'live-blog', 'weather-list', 'deal-button', 'ad',
  // Spec 1 §5 "Countdown": a block the sample shows on the /newyears static page.
  'countdown',
] as const;

function navItems(elementId: string): string[] {
  const layout = dataset.layouts.find((l) => l.subtype === 'nav' && l.elementId === elementId);
  const parsed = layoutSchema.parse(layout);
  return menuModelSchema.parse(parsed['main-content'][0]?.model).items.map((item) => item.name);
}

describe('sample dataset', () => {
  it('has the header menu categories of spec 1 §2.3, in order, and the other nav layouts', () => {
    expect(navItems('HeaderLayout')).toEqual([...HEADER_MENU_CATEGORIES]);
    expect(navItems('MobileLayout')).toEqual([...HEADER_MENU_CATEGORIES]);
    expect(navItems('MoreLayout').slice(0, 10)).toEqual([...HEADER_MENU_CATEGORIES]);
    expect(navItems('TopicLayout').length).toBeGreaterThan(0);
  });

  it('has at least three section fronts, each with a category, a section layout and an article layout', () => {
    expect(dataset.categories.length).toBeGreaterThanOrEqual(3);
    for (const record of dataset.categories) {
      const category = categorySchema.parse(record);
      expect(isValidPagePath(category.path)).toBe(true);
      expect(dataset.layouts.some((l) => l.subtype === 'section' && l.elementId === category.path)).toBe(true);
      expect(dataset.layouts.some((l) => l.subtype === 'article' && l.elementId === `fox-news/${category.slug}`)).toBe(true);
    }
    expect(dataset.layouts.some((l) => l.subtype === 'home' && l.elementId === '/')).toBe(true);
  });

  it('has at least ten articles on valid paths below an existing section', () => {
    expect(articles.length).toBeGreaterThanOrEqual(10);
    // The sections outside CATEGORIES (/deals, /forum, ...) are served as categories with the tag fronts.
    const sections = new Set([...dataset.categories, ...TAG_FRONT_CATEGORIES.filter((c) => c.path === `/${c.slug}`)].map((c) => c.slug));
    for (const article of articles) {
      const path = articlePathOf(article);
      expect(path && isValidPagePath(path), path).toBe(true);
      expect(path).toBe(`/${article.wp__category?.slug ?? ''}/${article.article_slug}`);
      expect(sections.has(article.wp__category?.slug ?? '')).toBe(true);
    }
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.wp__category?.slug)).size).toBeGreaterThanOrEqual(3);
  });

  it('uses every block kind of spec 1 §3 (and the countdown of §5), all with valid props, plus exactly one unknown block', () => {
    // Static pages are built from the same blocks; /go's unknown component is the static pages' own test (spec 1 §2.5).
    const pageBlocks = STATIC_PAGES.flatMap((page) => (page.components ?? []).filter((block) => block.kind !== 'app-store-badges').map((block) => ({ id: page.path, block: { ...block, props: block.props ?? {} } })));
    const blocks = [...articles.flatMap((a) => a.components.map((block) => ({ id: a.id, block }))), ...pageBlocks];
    const results = blocks.map(({ id, block }) => ({ id, result: parseArticleBlock(block) }));
    expect(results.filter(({ result }) => !result.ok && result.reason === 'invalid-props').map(({ id, result }) => `${id}: ${result.ok ? '' : result.message}`)).toEqual([]);
    expect(results.flatMap(({ result }) => (!result.ok && result.reason === 'unknown-kind' ? [result.kind] : []))).toEqual(['ar-experience']);
    const used = new Set(results.flatMap(({ result }) => (result.ok ? [result.block.kind] : [])));
    expect([...used].sort()).toEqual([...SPEC_BLOCK_KINDS].sort());
    expect([...KNOWN_BLOCK_KINDS].sort()).toEqual([...SPEC_BLOCK_KINDS].sort());
  });

  it('has a heading of level 7, ordered and unordered lists, and tweets with each option', () => {
    const ok = articles.flatMap((a) => a.components).map(parseArticleBlock).flatMap((r) => (r.ok ? [r.block] : []));
    expect(ok.some((b) => b.kind === 'heading' && b.props.level === 7)).toBe(true);
    expect(ok.some((b) => b.kind === 'list' && b.props.ordered)).toBe(true);
    expect(ok.some((b) => b.kind === 'list' && !b.props.ordered)).toBe(true);
    for (const option of ['hideThread', 'hideMedia', 'darkTheme'] as const) {
      expect(ok.some((b) => b.kind === 'tweet' && b.props[option]), option).toBe(true);
    }
    const relatedTypes = new Set(ok.flatMap((b) => (b.kind === 'related-media' ? [b.props.type] : [])));
    expect([...relatedTypes].sort()).toEqual(['image', 'slideshow', 'video']);
    const rawHtml = ok.flatMap((b) => (b.kind === 'raw-html' ? [b.props.html] : []));
    expect(rawHtml.some((html) => html.includes('<table'))).toBe(true);
    expect(rawHtml.some((html) => html.includes('<iframe'))).toBe(true);
    expect(ok.some((b) => b.kind === 'article-image' && b.props.responsiveImages.length > 0)).toBe(true);
  });

  it('has the AMP raw-html iframe cases of spec 1 §5 in its AMP article', () => {
    const amp = byId('art-2001');
    expect(amp.isAMP).toBe(true);
    const html = amp.components.flatMap((block) => (block.kind === 'raw-html' && typeof block.props.html === 'string' ? [block.props.html] : []));
    expect(html.some((h) => /src="https:[^"]+" width="\d+" height="\d+"/.test(h) && !h.includes('sandbox'))).toBe(true);
    expect(html.some((h) => h.includes('sandbox=') && (h.match(/<iframe/g) ?? []).length === 2)).toBe(true);
    expect(html.some((h) => h.includes('src="http://'))).toBe(true);
    expect(html.some((h) => h.includes('<iframe') && !h.includes('height='))).toBe(true);
    expect(html.some((h) => h.includes('webkitallowfullscreen'))).toBe(true);
    expect(amp.components.filter((b) => b.kind === 'paragraph').length).toBeGreaterThanOrEqual(9);
  });

  it('has an article for every layout of spec 1 §2.6 and every article rule of spec 1 §2.6', () => {
    expect(articles.filter((a) => a.isAMP).length).toBeGreaterThanOrEqual(1);
    expect(articles.some((a) => a.foxid?.enabled === true && a.header.isGated && !a.prevent_gating)).toBe(true);
    expect(articles.some((a) => a.header.isMetered)).toBe(true);
    expect(articles.some((a) => a.fn__legacy_type === 'interactive')).toBe(true);
    expect(articles.some((a) => a.fn__legacy_type === 'article')).toBe(true);
    const ap = articles.find((a) => a.content_type === 'spark_ap_post');
    expect(ap?.header.authors).toEqual([]);
    expect(articles.some((a) => /^[0:TZ\s-]+$/.test(a.publication_date))).toBe(true);
    for (const section of ['health', 'entertainment']) expect(articles.some((a) => a.wp__category?.slug === section), section).toBe(true);
    // Text-to-speech rule (spec 1 §9): a featured video in opinion, sports, lifestyle and entertainment after July 2021.
    for (const section of ['opinion', 'sports', 'lifestyle', 'entertainment']) {
      const withVideo = articles.filter(
        (a) => a.wp__category?.slug === section && a.publication_date > '2021-08' && a.components.some((b) => b.kind === 'featured-video'),
      );
      expect(withVideo.length, section).toBeGreaterThan(0);
    }
    const tagSets = articles.map((a) => a.tags.map((t) => t.split('/').pop()).filter((t) => t === 'shopping' || t === 'commerce').join(','));
    for (const combination of ['shopping', 'commerce', 'shopping,commerce', 'commerce,shopping']) expect(tagSets, combination).toContain(combination);
    expect(articles.some((a) => a.robots_noindex)).toBe(true);
    expect(articles.some((a) => a.robots_nofollow)).toBe(true);
    expect(articles.some((a) => a.id === 'art-noindex-demo')).toBe(true);
    expect(articles.some((a) => a.title.length > 110 && a.header.headline.length > 110)).toBe(true);
    expect(articles.some((a) => a.fox_bet)).toBe(true);
    expect(articles.some((a) => a.tags.length > 10 && a.header.articleTags.length > 5)).toBe(true);
    expect(articles.some((a) => a.header.authors.some((author) => (author.shortBio ?? '').length > 250))).toBe(true);
  });

  it('has the headshot cases of spec 1 §5: with, without, the default-person image, another source', () => {
    const authors = articles.flatMap((a) => a.header.authors.map((author) => ({ author, source: a.header.source?.name })));
    expect(authors.some(({ author, source }) => author.avatar && author.avatar !== DEFAULT_PERSON_IMAGE && source === 'Fox News')).toBe(true);
    expect(authors.some(({ author }) => author.avatar === undefined)).toBe(true);
    expect(authors.some(({ author }) => author.avatar === DEFAULT_PERSON_IMAGE)).toBe(true);
    expect(authors.some(({ author, source }) => author.avatar && author.avatar !== DEFAULT_PERSON_IMAGE && source !== 'Fox News')).toBe(true);
  });

  it('has a slideshow with every item field, an item without alt, a blank copyright, and 7 slideshows in its category', () => {
    const slideshows = articles.filter((a) => a.fn__legacy_type === 'slideshow');
    expect(slideshows.length).toBeGreaterThanOrEqual(7);
    expect(new Set(slideshows.map((a) => a.wp__category?.slug)).size).toBe(1);
    const items = slideshows.flatMap((a) => a.components).flatMap((block) => {
      const parsed = parseArticleBlock(block);
      return parsed.ok && parsed.block.kind === 'slideshow' ? parsed.block.props.items : [];
    });
    expect(items.some((i) => i.imageId && i.imageOrig && i.imageThumb && i.imageFull && i.responsiveImages.length > 0 && i.alt && i.caption && i.source?.title)).toBe(true);
    expect(items.some((i) => i.alt === undefined && i.caption)).toBe(true);
    expect(items.some((i) => i.copyright === ' ')).toBe(true);
  });

  it('serves a moved article at its old path too, and lists the old path as a redirect in the site map', async () => {
    const moved = articles.find((a) => a.urls.some((url) => new URL(url).pathname !== articlePathOf(a)));
    const old = new URL(moved?.urls.find((url) => new URL(url).pathname !== articlePathOf(moved)) ?? 'https://x.test/').pathname;
    expect(moved).toBeDefined();
    const app = buildSampleUpstream();
    const response = await app.inject({ url: `/api/article?path=${encodeURIComponent(old)}` });
    const body = response.json<{ data: { results: { id: string; canonical_url: string }[] } }>();
    expect(body.data.results[0]?.id).toBe(moved?.id);
    expect(new URL(body.data.results[0]?.canonical_url ?? '/', 'https://x.test').pathname).not.toBe(old);
    const siteMap = (await app.inject({ url: '/api/sitemap' })).json<{ data: { results: { path: string; type: string }[] } }>();
    expect(siteMap.data.results).toContainEqual({ path: old, type: 'redirect' });
    expect(siteMap.data.results.every((entry) => sitePathEntrySchema.safeParse(entry).success)).toBe(true);
    await app.close();
  });

  it('freezes its starter data, so a test adds records to a copy of it: the shows call and the site map serve the copy\'s extra show', async () => {
    const [show] = SHOWS;
    expect(show).toBeDefined();
    expect(() => SHOWS.push({ ...(show as ShowInput), id: 'added-show' })).toThrow(TypeError);
    expect(() => Object.assign(show as ShowInput, { title: 'Changed' })).toThrow(TypeError);
    const own = createDataset();
    own.shows.push({ ...structuredClone(show as ShowInput), id: 'added-show', slug: 'added-show', show_slug: 'added-show', canonicalUrl: 'https://www.foxnews.com/shows/added-show' });
    const app = buildSampleUpstream({ dataset: own });
    const all = (await app.inject({ url: '/api/shows?searchType=all' })).json<{ data: { results: { id: string }[] } }>();
    expect(all.data.results.map((entry) => entry.id)).toContain('added-show');
    const siteMap = (await app.inject({ url: '/api/sitemap?size=5000' })).json<{ data: { results: { path: string }[] } }>();
    expect(siteMap.data.results.map((entry) => entry.path)).toContain('/shows/added-show');
    const starter = buildSampleUpstream();
    const starterShows = (await starter.inject({ url: '/api/shows?searchType=all' })).json<{ data: { results: { id: string }[] } }>();
    expect(starterShows.data.results.map((entry) => entry.id)).not.toContain('added-show');
    await Promise.all([app.close(), starter.close()]);
  });

  it('has a table with header cells, a colSpan and a rowSpan, and images with alt, caption and copyright', () => {
    const parsed = articles.flatMap((a) => a.components).map(parseArticleBlock);
    const cells = parsed.flatMap((r) => (r.ok && r.block.kind === 'table' ? [...r.block.props.headerRows, ...r.block.props.rows].flat() : []));
    expect(cells.some((c) => c.isHeader)).toBe(true);
    expect(cells.some((c) => c.colSpan > 1)).toBe(true);
    expect(cells.some((c) => c.rowSpan > 1)).toBe(true);
    const images = parsed.flatMap((r) => (r.ok && r.block.kind === 'article-image' ? [r.block.props] : []));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.imageAlt).toBeTruthy();
      expect(image.caption).toBeTruthy();
      expect(image.copyright).toBeTruthy();
    }
  });

  it('has authors with person records, and every byline names one of them (AP wire posts have none)', () => {
    const people = dataset.people.map((p) => personSchema.parse(p));
    expect(people.length).toBeGreaterThanOrEqual(6);
    for (const person of people) {
      expect(['Author', 'Personality', 'Contributor']).toContain(person.role);
      expect(person.shortBio).toBeTruthy();
    }
    const names = new Set(people.map((p) => p.name));
    for (const article of articles) {
      if (article.content_type !== 'spark_ap_post') expect(article.header.authors.length, article.id).toBeGreaterThan(0);
      for (const author of article.header.authors) expect(names.has(author.name)).toBe(true);
    }
  });

  it('has layouts whose component models parse with the exported model schemas', () => {
    const models = { 'article-list': articleListModelSchema, 'newsletter-promo': newsletterPromoModelSchema } as const;
    for (const record of dataset.layouts) {
      const layout = layoutSchema.parse(record);
      for (const region of LAYOUT_REGIONS) {
        for (const component of layout[region]) {
          if (component.type === 'article-list' || component.type === 'newsletter-promo') {
            expect(models[component.type].safeParse(component.model).success, `${record.elementId} ${component.type}`).toBe(true);
          }
        }
      }
    }
    const legal = dataset.layouts.find((l) => l.subtype === 'navLegalLinksLayout');
    expect(legalLinksModelSchema.parse(layoutSchema.parse(legal)['main-content'][0]?.model).items.length).toBeGreaterThan(0);
  });

  it('createDataset returns an independent copy', () => {
    const copy = createDataset();
    copy.articles.pop();
    expect(createDataset().articles).toHaveLength(dataset.articles.length);
  });
});

describe('sample upstream scaffolding', () => {
  it('resets content and faults', async () => {
    const app = buildSampleUpstream();
    const path = articlePathOf(dataset.articles[0] ?? {}) ?? '/';
    await app.inject({ method: 'DELETE', url: `/__sample/articles/${dataset.articles[0]?.id ?? ''}` });
    expect((await app.inject({ url: `/api/article?path=${encodeURIComponent(path)}` })).statusCode).toBe(404);
    await app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/category', mode: 'status', status: 502 } });
    expect((await app.inject({ url: '/api/category?path=/politics' })).statusCode).toBe(502);
    await app.inject({ method: 'POST', url: '/__sample/reset' });
    expect((await app.inject({ url: `/api/article?path=${encodeURIComponent(path)}` })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/category?path=/politics' })).statusCode).toBe(200);
    await app.close();
  });

  it('counts a fault down with times, and refuses a bad fault or query', async () => {
    const app = buildSampleUpstream();
    await app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/sitemap', mode: 'status', times: 1 } });
    expect((await app.inject({ url: '/api/sitemap' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/api/sitemap' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: 'x', mode: 'explode' } })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/article-search?size=5000' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/layouts?type=layout' })).statusCode).toBe(400);
    await app.close();
  });

  it('pages article search by from and size: consecutive pages join into the first 2 pages', async () => {
    const app = buildSampleUpstream();
    const urls = async (query: string) =>
      (await app.inject({ url: `/api/article-search?${query}` })).json<{ data: { results: Array<{ url: string }> } }>().data.results.map((r) => r.url);
    const first = await urls('size=3&from=0');
    const second = await urls('size=3&from=3');
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(3);
    expect([...first, ...second]).toEqual(await urls('size=6&from=0'));
    // A page deep into the list still holds `size` items (an end index instead of a count would give none).
    expect(await urls('size=2&from=10')).toHaveLength(2);
    await app.close();
  });

  it('keys layouts by subtype and element id', () => {
    expect(SampleStore.layoutKey('nav', 'HeaderLayout')).not.toBe(SampleStore.layoutKey('navHeader', 'Layout'));
  });
});
