import { describe, expect, it } from 'vitest';
import { categorySlugOf, chooseArticleLayout, isPrintPath } from './layout.js';

const base = { amp: false, gated: false, print: false };

describe('article layout choice (spec 1 §2.6 priority)', () => {
  it('applies the priority AMP, gated, print, slideshow, interactive, standard', () => {
    expect(chooseArticleLayout({ amp: true, gated: true, print: true, legacyType: 'slideshow' })).toBe('amp');
    expect(chooseArticleLayout({ ...base, gated: true, print: true, legacyType: 'slideshow' })).toBe('gated');
    expect(chooseArticleLayout({ ...base, print: true, legacyType: 'slideshow' })).toBe('print');
    expect(chooseArticleLayout({ ...base, legacyType: 'slideshow' })).toBe('slideshow');
    expect(chooseArticleLayout({ ...base, legacyType: 'interactive' })).toBe('interactive');
    expect(chooseArticleLayout({ ...base, legacyType: 'article' })).toBe('standard');
    expect(chooseArticleLayout(base)).toBe('standard');
  });

  it('recognises print paths and the category slug', () => {
    expect(isPrintPath('/politics/a.print')).toBe(true);
    expect(isPrintPath('/politics/a.print.html')).toBe(true);
    expect(isPrintPath('/politics/a.printer')).toBe(false);
    expect(categorySlugOf('/health/some-story')).toBe('health');
    expect(categorySlugOf('/')).toBe('');
  });
});
