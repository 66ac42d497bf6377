/** The synthetic site generator: deterministic, sized as asked, on the sample's contract. */
import { describe, expect, it } from 'vitest';
import { fullArticleSchema } from '../../../core/upstream/schemas.js';
import { createDataset } from '../data/index.js';
import { SampleStore } from '../store.js';
import { createSyntheticDataset, MAX_SYNTHETIC_ARTICLES, SYNTHETIC_SECTIONS, syntheticArticle, syntheticArticlePath, syntheticIndexOf } from './index.js';

describe('the synthetic site', () => {
  it('is the same for the same seed and size, and differs with the seed', () => {
    const a = createSyntheticDataset({ articles: 200, seed: 7 });
    const b = createSyntheticDataset({ articles: 200, seed: 7 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(syntheticArticle(5, 7).title).not.toBe(syntheticArticle(5, 8).title);
  });

  it('adds exactly the articles asked for to the sample dataset, every one on the contract', () => {
    const base = createDataset();
    const dataset = createSyntheticDataset({ articles: 500 });
    expect(dataset.articles).toHaveLength(base.articles.length + 500);
    expect(dataset.categories).toEqual(base.categories);
    expect(dataset.layouts).toEqual(base.layouts);
    for (const record of dataset.articles.slice(base.articles.length)) expect(fullArticleSchema.safeParse(record).success).toBe(true);
    expect(new Set(dataset.articles.map((a) => a.id)).size).toBe(dataset.articles.length);
  });

  it('spreads articles over the sections with tags, authors, videos and AMP', () => {
    const articles = createSyntheticDataset({ articles: 80 }).articles.filter((a) => a.id.startsWith('syn-'));
    expect(new Set(articles.map((a) => a.wp__category?.slug))).toEqual(new Set(SYNTHETIC_SECTIONS));
    expect(articles.every((a) => (a.tags ?? []).length > 0 && (a.header.authors ?? []).length === 1)).toBe(true);
    expect(articles.some((a) => (a.components ?? []).some((b) => b.kind === 'inline-video'))).toBe(true);
    expect(articles.filter((a) => a.isAMP)).toHaveLength(40);
  });

  it('derives any article from its index, up to a million, and maps paths back to indexes', () => {
    const last = syntheticArticle(MAX_SYNTHETIC_ARTICLES - 1);
    expect(new URL(last.canonical_url).pathname).toBe(syntheticArticlePath(MAX_SYNTHETIC_ARTICLES - 1));
    expect(syntheticIndexOf(syntheticArticlePath(123_456))).toBe(123_456);
    expect(syntheticIndexOf('/politics/synthetic-story-0')).toBeNull();
    expect(() => createSyntheticDataset({ articles: MAX_SYNTHETIC_ARTICLES + 1 })).toThrow(RangeError);
  });

  it('is served by the sample store: found by path, newest first', () => {
    const store = new SampleStore(() => createSyntheticDataset({ articles: 300 }));
    expect(store.articleByPath(syntheticArticlePath(299))?.id).toBe('syn-1-299');
    const synthetic = [...store.newestFirst().walk()].filter((p) => p.id.startsWith('syn-'));
    expect(synthetic[0]?.id).toBe('syn-1-0');
    expect(synthetic).toHaveLength(300);
  });
});
