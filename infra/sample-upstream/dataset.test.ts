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
  type FullArticle,
} from '../../core/upstream/schemas.js';
import { createDataset } from './data/index.js';
import { articlePathOf, SampleStore } from './store.js';
import { buildSampleUpstream } from './server.js';

const dataset = createDataset();
const articles: FullArticle[] = dataset.articles.map((record) => fullArticleSchema.parse(record));

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
    const sections = new Set(dataset.categories.map((c) => c.slug));
    for (const article of articles) {
      const path = articlePathOf(article);
      expect(path && isValidPagePath(path), path).toBe(true);
      expect(path).toBe(`/${article.wp__category?.slug ?? ''}/${article.article_slug}`);
      expect(sections.has(article.wp__category?.slug ?? '')).toBe(true);
    }
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.wp__category?.slug)).size).toBeGreaterThanOrEqual(3);
  });

  it('uses every known block kind, all with valid props, plus exactly one unknown block', () => {
    const blocks = articles.flatMap((a) => a.components);
    const results = blocks.map(parseArticleBlock);
    expect(results.filter((r) => !r.ok && r.reason === 'invalid-props')).toEqual([]);
    expect(results.filter((r) => !r.ok && r.reason === 'unknown-kind')).toHaveLength(1);
    const used = new Set(results.flatMap((r) => (r.ok ? [r.block.kind] : [])));
    expect([...used].sort()).toEqual([...KNOWN_BLOCK_KINDS].sort());
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

  it('has two authors, and every byline names one of them', () => {
    const people = dataset.people.map((p) => personSchema.parse(p));
    expect(people).toHaveLength(2);
    for (const person of people) {
      expect(person).toMatchObject({ role: 'Author' });
      expect(person.shortBio).toBeTruthy();
      expect(person.avatar).toBeTruthy();
    }
    const names = new Set(people.map((p) => p.name));
    for (const article of articles) {
      expect(article.header.authors.length).toBeGreaterThan(0);
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

  it('keys layouts by subtype and element id', () => {
    expect(SampleStore.layoutKey('nav', 'HeaderLayout')).not.toBe(SampleStore.layoutKey('navHeader', 'Layout'));
  });
});
