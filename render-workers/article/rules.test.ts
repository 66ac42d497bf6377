import { describe, expect, it } from 'vitest';
import { fullArticleSchema, type FullArticle, type FullArticleInput } from '../../core/upstream/schemas.js';
import type { ArticleMeta } from './meta.js';
import {
  BIO_MAX_LENGTH,
  GATING_PREVENTED_PATH_PREFIXES,
  MAX_ARTICLE_TAGS,
  MAX_RELATED_TOPICS,
  TEXT_TO_SPEECH,
  cutBio,
  disclosureFor,
  isDraft,
  isGatedArticle,
  isGatingPreventedPath,
  isQuizArticle,
  limitRelatedTopics,
  limitTags,
  OWN_SOURCE_NAMES,
  showHeadshot,
  showPrintLink,
  showsDeals,
  textToSpeechApplies,
  truncateText,
} from './rules.js';

function articleOf(overrides: Partial<FullArticleInput> = {}): FullArticle {
  return fullArticleSchema.parse({
    id: 'art-1',
    title: 'T',
    canonical_url: 'https://www.foxnews.com/politics/t',
    article_slug: 't',
    publication_date: '2025-03-18T13:05:00Z',
    header: { headline: 'T', publicationDate: '2025-03-18T13:05:00Z' },
    ...overrides,
  });
}

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i % 10}`).join(' ');

describe('truncateText and cutBio (spec 1 §9: bio cut to 250 characters)', () => {
  it('keeps a bio of exactly 250 characters unchanged', () => {
    const bio = 'a'.repeat(250);
    expect(BIO_MAX_LENGTH).toBe(250);
    expect(cutBio(bio)).toBe(bio);
    expect(cutBio(bio)).toHaveLength(250);
  });

  it('cuts a 251-character bio at a word boundary and adds "…", 250 characters at most', () => {
    const bio = words(60).slice(0, 251);
    expect(bio).toHaveLength(251);
    const cut = cutBio(bio);
    expect(cut.length).toBeLessThanOrEqual(250);
    expect(cut.endsWith('…')).toBe(true);
    // The cut falls between words: what precedes the ellipsis is a prefix ending on a whole word.
    const kept = cut.slice(0, -1);
    expect(bio.startsWith(kept)).toBe(true);
    expect(bio.charAt(kept.length)).toBe(' ');
  });

  it('cuts one very long word mid-word to exactly 250 characters', () => {
    const cut = cutBio('x'.repeat(400));
    expect(cut).toBe(`${'x'.repeat(249)}…`);
    expect(cut).toHaveLength(250);
  });

  it('drops trailing punctuation before the ellipsis and collapses whitespace', () => {
    expect(truncateText('Hello,   world, and more words here', 14)).toBe('Hello, world…');
    expect(truncateText('  short  text ', 250)).toBe('short text');
  });

  it('counts code points, never splitting an emoji', () => {
    const text = '😀'.repeat(10);
    expect(truncateText(text, 10)).toBe(text);
    expect(Array.from(truncateText('😀'.repeat(11), 10))).toHaveLength(10);
  });
});

describe('showHeadshot (spec 1 §5)', () => {
  const options = { source: 'Fox News', defaultPersonImage: 'https://static.example/default-person.png' };

  it('shows a present, non-default headshot for the publisher’s own source', () => {
    expect(showHeadshot({ avatar: 'https://img.example/sarah.jpg' }, options)).toBe(true);
  });

  it('hides a missing or blank headshot', () => {
    expect(showHeadshot({}, options)).toBe(false);
    expect(showHeadshot({ avatar: '  ' }, options)).toBe(false);
  });

  it('hides the default-person image', () => {
    expect(showHeadshot({ avatar: 'https://static.example/default-person.png' }, options)).toBe(false);
  });

  it('hides headshots of other sources', () => {
    expect(showHeadshot({ avatar: 'https://img.example/sarah.jpg' }, { ...options, source: 'Associated Press' })).toBe(false);
    expect(showHeadshot({ avatar: 'https://img.example/sarah.jpg' }, { ...options, source: 'Fox Business' })).toBe(false);
  });

  it('treats the newsroom and each edition\'s name as the publisher\'s own source, on both editions', () => {
    expect(OWN_SOURCE_NAMES).toEqual(['Fox News', 'Fox News en Español']);
    // A Spanish article's upstream source is the newsroom, "Fox News"; a defaulted one is the edition's name.
    expect(showHeadshot({ avatar: 'https://img.example/sarah.jpg' }, { ...options, source: 'Fox News' })).toBe(true);
    expect(showHeadshot({ avatar: 'https://img.example/sarah.jpg' }, { ...options, source: ' Fox News en Español ' })).toBe(true);
  });
});

describe('disclosureFor (spec 1 §9, spec 2 §9)', () => {
  it('shopping tag: the commission sentence', () => {
    expect(disclosureFor(['fox-news/lifestyle/shopping'])).toEqual({
      tag: 'shopping',
      lines: ['Fox News may earn a commission if you buy through our referral links.'],
    });
  });

  it('commerce tag adds the independent-team sentence', () => {
    expect(disclosureFor(['commerce'])).toEqual({
      tag: 'commerce',
      lines: [
        'Fox News may earn a commission if you buy through our referral links.',
        'This content was created by a team that works independently from the Fox newsroom.',
      ],
    });
  });

  it('when both tags exist, the later tag decides', () => {
    expect(disclosureFor(['fox-news/shopping', 'fox-news/other', 'fox-news/commerce'])?.tag).toBe('commerce');
    expect(disclosureFor(['fox-news/commerce', 'fox-news/shopping'])?.tag).toBe('shopping');
  });

  it('no disclosure without those tags', () => {
    expect(disclosureFor(['fox-news/politics/senate', 'shopping-mall'])).toBeNull();
    expect(disclosureFor([])).toBeNull();
  });
});

describe('showsDeals', () => {
  it('shows deals in the deals section or with a shopping or commerce tag', () => {
    expect(showsDeals('deals', [])).toBe(true);
    expect(showsDeals('lifestyle', ['fox-news/shopping'])).toBe(true);
    expect(showsDeals('lifestyle', ['fox-news/commerce'])).toBe(true);
    expect(showsDeals('lifestyle', ['fox-news/lifestyle/food'])).toBe(false);
  });
});

describe('limitTags and limitRelatedTopics (spec 1 §9)', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => `t${i}`);
  it('shows at most 5 tags and 10 related topics, in order', () => {
    expect(MAX_ARTICLE_TAGS).toBe(5);
    expect(MAX_RELATED_TOPICS).toBe(10);
    expect(limitTags(twelve)).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(limitRelatedTopics(twelve)).toHaveLength(10);
    expect(limitTags(['a'])).toEqual(['a']);
  });
});

describe('textToSpeechApplies (spec 1 §9)', () => {
  type TtsMeta = Pick<ArticleMeta, 'isPublished' | 'section' | 'isQuiz' | 'dates' | 'featuredVideoIndex'>;
  const base: TtsMeta = {
    isPublished: true,
    section: 'opinion',
    isQuiz: false,
    featuredVideoIndex: 0,
    dates: { published: '2021-08-01T04:00:00Z', modified: null, lastPublished: null, isDraft: false },
  };

  it('has the label NEW and the text "You can now listen to articles!"', () => {
    expect(TEXT_TO_SPEECH).toEqual({ label: 'NEW', text: 'You can now listen to articles!' });
  });

  it('applies to published opinion, sports, lifestyle and entertainment articles with a featured video', () => {
    for (const section of ['opinion', 'sports', 'lifestyle', 'entertainment']) expect(textToSpeechApplies({ ...base, section })).toBe(true);
    expect(textToSpeechApplies({ ...base, section: 'politics' })).toBe(false);
  });

  it('applies only after July 2021 (US Eastern)', () => {
    expect(textToSpeechApplies({ ...base, dates: { ...base.dates, published: '2021-08-01T03:59:59Z' } })).toBe(false);
    expect(textToSpeechApplies({ ...base, dates: { ...base.dates, published: '2021-07-15T12:00:00Z' } })).toBe(false);
    expect(textToSpeechApplies({ ...base, dates: { ...base.dates, published: '2024-01-01T00:00:00Z' } })).toBe(true);
  });

  it('does not apply to quizzes, unpublished articles or articles without a featured video', () => {
    expect(textToSpeechApplies({ ...base, isQuiz: true })).toBe(false);
    expect(textToSpeechApplies({ ...base, isPublished: false })).toBe(false);
    expect(textToSpeechApplies({ ...base, featuredVideoIndex: null })).toBe(false);
    expect(textToSpeechApplies({ ...base, dates: { ...base.dates, published: null, isDraft: true } })).toBe(false);
  });

  it('recognises quizzes', () => {
    expect(isQuizArticle(articleOf({ fn__story_type: 'quiz' }))).toBe(true);
    expect(isQuizArticle(articleOf({ tags: ['fox-news/lifestyle/quiz'] }))).toBe(true);
    expect(isQuizArticle(articleOf())).toBe(false);
  });
});

describe('isDraft and showPrintLink', () => {
  it('isDraft reads the all-zero date flag (spec 1 §4)', () => {
    expect(isDraft({ dates: { published: null, modified: null, lastPublished: null, isDraft: true } })).toBe(true);
    expect(isDraft({ dates: { published: '2025-01-01T00:00:00Z', modified: null, lastPublished: null, isDraft: false } })).toBe(false);
  });

  it('hides the Print link for gated or metered articles (spec 1 §2.6)', () => {
    expect(showPrintLink({ isGated: false, isMetered: false })).toBe(true);
    expect(showPrintLink({ isGated: true, isMetered: false })).toBe(false);
    expect(showPrintLink({ isGated: false, isMetered: true })).toBe(false);
  });
});

describe('isGatedArticle (spec 1 §4)', () => {
  const off = { adHocGating: false };

  it('is gated when flagged by foxid.enabled or header.isGated', () => {
    expect(isGatedArticle(articleOf({ foxid: { enabled: true } }), off)).toBe(true);
    expect(isGatedArticle(articleOf({ header: { headline: 'T', publicationDate: '2025-03-18T13:05:00Z', isGated: true } }), off)).toBe(true);
    expect(isGatedArticle(articleOf(), off)).toBe(false);
  });

  it('is not gated when gating is prevented by the article flag or a path rule', () => {
    expect(isGatedArticle(articleOf({ foxid: { enabled: true }, prevent_gating: true }), off)).toBe(false);
    const gated = articleOf({ foxid: { enabled: true } });
    expect(isGatedArticle(gated, { ...off, path: '/opinion/x', preventedPathPrefixes: ['/opinion'] })).toBe(false);
    expect(isGatedArticle(gated, { ...off, path: '/opinions/x', preventedPathPrefixes: ['/opinion'] })).toBe(true);
  });

  it('prevents gating on no path by default', () => {
    expect(GATING_PREVENTED_PATH_PREFIXES).toEqual([]);
    expect(isGatingPreventedPath('/politics/x')).toBe(false);
  });

  it('is gated whenever the identity-login flag is on', () => {
    expect(isGatedArticle(articleOf(), { adHocGating: true })).toBe(true);
  });
});
