/**
 * Every article layout and rule of spec 1 §2.6 and §9, rendered from the sample upstream's
 * articles through the real pipeline and read back from storage: what a reader or crawler sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageKey } from '../../core/storage/keys.js';
import { createDataset } from '../../infra/sample-upstream/data/index.js';
import { articlePathOf } from '../../infra/sample-upstream/store.js';
import { startRendererHarness, type RendererHarness } from '../../tests/support/renderer.js';
import { GATE_TEXTS } from './page/gate-overlay.js';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { createUpstreamClient } from '../../core/upstream/client.js';

let h: RendererHarness;
const dataset = createDataset();

function pathOf(id: string): string {
  const record = dataset.articles.find((article) => article.id === id);
  const path = record ? articlePathOf(record) : undefined;
  if (!path) throw new Error(`no sample article ${id}`);
  return path;
}

/** Text as a reader sees it: React's text separators and entity escapes removed. */
function text(html: string): string {
  return html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

async function page(id: string, variant: 'standard' | 'print' | 'amp' = 'standard'): Promise<string> {
  const path = pathOf(id);
  await h.render(path);
  return text(await h.stored(path, variant));
}

beforeAll(async () => {
  h = await startRendererHarness({ logLevel: 'silent' });
});

afterAll(async () => {
  await h.stop();
});

describe('gated and metered articles (spec 1 §2.6, §4)', () => {
  it('shows the gate overlay with its exact texts, fields and links, and hides the Print link', async () => {
    const html = await page('art-2002');
    expect(html).toContain('layout-gated');
    expect(html).toContain(`<h2 id="gate-title">${GATE_TEXTS.title('Fox News')}</h2>`);
    expect(html).toContain('Join Fox News for access to this content');
    expect(html).toContain(
      'You have reached your maximum number of articles. Log in or create an account FREE of charge to continue reading.',
    );
    const input = /<input id="gate-email"[^>]*>/.exec(html)?.[0] ?? '';
    for (const attribute of ['type="email"', 'required=""', 'disabled=""', 'placeholder="Enter your email"']) expect(input).toContain(attribute);
    expect(html).toMatch(/<button type="submit" hidden="">Continue<\/button>/);
    expect(html).toContain('Please enter a valid email address.');
    expect(html).toContain('>Terms of Use</a>');
    expect(html).toContain('>Privacy Policy</a>');
    expect(html).toContain('>Notice of Financial Incentive</a>');
    expect(html).toContain('Having trouble? Click here.');
    // The restricted remainder of the body is the paywalled part the JSON-LD names.
    expect(html).toContain('<div class="gate">');
    expect(html).toContain('<div class="article-body paywall">');
    expect(html).toContain('"cssSelector":".paywall"');
    expect(html).not.toContain('class="print-link"');
  });

  it('stores the gated page at the print URL too (gated comes before print)', async () => {
    const path = pathOf('art-2002');
    await h.render(path);
    expect(await h.stored(path, 'print')).toBe(await h.stored(path));
  });

  it('hides the Print link on a metered article, and shows it on an ordinary one', async () => {
    expect(await page('art-2003')).not.toContain('class="print-link"');
    const path = pathOf('art-1001');
    expect(await page('art-1001')).toContain(`<a class="print-link" href="${path}.print" rel="nofollow">Print</a>`);
  });
});

describe('print, AMP and the links between variants', () => {
  it('renders the print page with By, Published, the canonical link and noindex, nofollow', async () => {
    const html = await page('art-1001', 'print');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('By ');
    expect(html).toContain('Published ');
    expect(html).toContain(`https://www.example.test${pathOf('art-1001')}`);
  });

  it('stores an AMP page only for articles flagged AMP, linked from the standard page', async () => {
    const amp = await page('art-2001', 'amp');
    expect(amp).toMatch(/^<!DOCTYPE html><html ⚡/i);
    const standard = await h.stored(pathOf('art-2001'));
    expect(standard).toContain(`<link rel="amphtml" href="https://www.example.test${pathOf('art-2001')}.amp"/>`);
    await h.render(pathOf('art-1001'));
    expect(await h.store.head(pageKey('news', pathOf('art-1001'), 'amp'))).toBeNull();
    expect(await h.stored(pathOf('art-1001'))).not.toContain('rel="amphtml"');
  });
});

describe('slideshow and interactive layouts', () => {
  it('renders the slideshow with its counter, views and share dialog', async () => {
    const html = await page('art-3001');
    expect(html).toContain('layout-slideshow');
    expect(html).toMatch(/Image 0 of \d+/);
    expect(html).toContain('Filmstrip View');
    expect(html).toContain('Thumbnail View');
    expect(html).toContain('Share this Slideshow');
    expect(html).toContain('Start Over');
  });

  it("opens on an intro slide with the slideshow's title and its dek (spec 1 §2.6, §3 Slideshow)", async () => {
    const record = dataset.articles.find((a) => a.id === 'art-3001');
    const block = record?.components?.find((c) => c.kind === 'slideshow');
    const dek = typeof block?.props?.dek === 'string' ? block.props.dek : '';
    expect(dek.length).toBeGreaterThan(0);
    const intro = /<li class="slide slide-intro"[\s\S]*?<\/li>/.exec(await page('art-3001'))?.[0] ?? '';
    expect(intro).toContain(`<h1 class="headline">${record?.title}</h1>`);
    expect(intro).toContain(`<p class="dek">${dek}</p>`);
  });

  it('recommends only slideshows from the same section (contentTypes {slideshow:true}, spec 1 §7)', async () => {
    const html = await page('art-3001');
    const section = /<section class="recommended-slideshows"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const linked = [...section.matchAll(/<a href="(\/[^"#]+)"/g)].map((m) => m[1] ?? '');
    const slideshowPaths = new Set(dataset.articles.filter((a) => a.fn__legacy_type === 'slideshow').map((a) => articlePathOf(a)));
    const recommended = linked.filter((path) => path !== '/category/slideshow');
    expect(recommended.length).toBeGreaterThan(0);
    for (const path of recommended) expect(slideshowPaths.has(path), path).toBe(true);
  });

  it('renders the interactive layout without byline, ads or article footer', async () => {
    const html = await page('art-2004');
    expect(html).toContain('layout-interactive');
    expect(html).not.toContain('class="byline"');
    expect(html).not.toMatch(/class="ad[ "]/);
    expect(html).not.toContain('class="article-footer"');
  });
});

describe('sticky left sidebar (spec 1 §2.6 standard page)', () => {
  it('gives a standard article share links for its canonical URL and a jump to its comments', async () => {
    const path = pathOf('art-1001');
    const html = await page('art-1001');
    expect(html).toContain('class="article-layout with-sidebar"');
    const sidebar = /<aside class="article-sidebar" aria-label="Share">(.*?)<\/aside>/.exec(html)?.[1] ?? '';
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(canonical.endsWith(path)).toBe(true);
    const url = encodeURIComponent(canonical);
    expect(sidebar).toContain(`<a href="https://www.facebook.com/sharer/sharer.php?u=${url}" aria-label="Share on Facebook" target="_blank" rel="noopener noreferrer">`);
    expect(sidebar).toContain(`aria-label="Share on X"`);
    expect(sidebar).toContain(`https://twitter.com/intent/tweet?url=${url}&text=`);
    expect(sidebar).toContain(`<a href="mailto:?subject=`);
    if (html.includes('id="comments"')) expect(sidebar).toContain('<a class="sidebar-comments" href="#comments" aria-label="Comments">');
    else expect(sidebar).not.toContain('#comments');
  });

  it('is only on the standard layout: not gated, not interactive', async () => {
    for (const id of ['art-2002', 'art-2004']) {
      const html = await page(id);
      expect(html, id).not.toContain('<aside class="article-sidebar"');
      expect(html, id).not.toContain('class="article-layout with-sidebar"');
    }
  });
});

describe('header rules', () => {
  it('shows Draft for an all-zero publication date', async () => {
    expect(await page('art-2006')).toMatch(/<p class="dates">Draft/);
  });

  it('defaults the visible byline of an AP article to Associated Press', async () => {
    const html = await page('art-2005');
    expect(html).toMatch(/<div class="byline"><span class="author">Associated Press<\/span>/);
    expect(await page('art-2005', 'print')).toContain('Associated Press');
  });
});

describe('section rules', () => {
  it('gives health articles no strike ads and two in-read slots', async () => {
    const html = await page('art-2007');
    expect(html).not.toMatch(/id="ad-strike-/);
    expect(html).toContain('id="ad-in-read-3"');
    expect(html).toContain('id="ad-in-read-6"');
    expect(html).toContain('<span class="ad-label">Advertisement</span>');
  });

  it('gives other sections the strike pattern, and marks the first two paragraphs speakable', async () => {
    const html = await page('art-2001');
    expect(html).toContain('id="ad-strike-1"');
    expect(html.match(/<p class="speakable">/g)).toHaveLength(2);
  });

  it('shows On Our Radar on entertainment articles only', async () => {
    expect(await page('art-2008')).toContain('<h2 id="on-our-radar">On Our Radar</h2>');
    expect(await page('art-1001')).not.toContain('On Our Radar');
  });
});

describe('recommended videos (spec 1 §2.6, §7)', () => {
  function strip(html: string): string[] {
    const nav = /<nav class="recommended-videos" aria-label="Recommended videos">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    return [...nav.matchAll(/<span class="video-title">([^<]*)<\/span>/g)].map((m) => m[1] ?? '');
  }

  it("shows the section's videos that have aired, newest first", async () => {
    // Politics has ten aired videos (five of them the ones articles and the election-night
    // playlist link to by id) and a town hall that airs in 2099 (spec 2 §2: shown only once its
    // air start has passed).
    expect(strip(await page('art-1001'))).toEqual([
      'Live: the briefing room',
      'Senate leaders outline the week ahead',
      'Governors meet on border funding',
      'Election night explained in two minutes',
      'How a bill becomes law',
      'Negotiators leave the statehouse after midnight',
      'Polls close on the East Coast',
      'Watch: Election Night live stream',
      'The Senate map, explained',
      'Turnout report from Ohio',
    ]);
  });

  it('falls back to the latest-news videos when the section has none', async () => {
    const titles = strip(await page('art-1011'));
    expect(titles[0]).toBe('Live: the briefing room');
    expect(titles).toContain('Summit ends with a joint statement');
    expect(titles).not.toContain('Red carpet highlights');
  });

  it('leaves the strip out, and the article up, when the video service fails and no good copy of the list exists', async () => {
    // Nothing better exists anywhere: no last good copy and no stored page that had the strip.
    await h.forgetSideData();
    for (const variant of ['standard', 'amp', 'print'] as const) await h.store.delete(pageKey('news', pathOf('art-1002'), variant));
    await h.sample('POST', '/__sample/faults', { path: '/api/videos', mode: 'status', status: 500 });
    try {
      const html = await page('art-1002');
      expect(html).toMatch(/<h1 class="headline">/);
      expect(html).not.toContain('class="recommended-videos"');
    } finally {
      await h.sample('DELETE', '/__sample/faults');
    }
  });

  it('shows the last good strip when the video service fails after a good read', async () => {
    const good = await page('art-1002');
    expect(good).toContain('class="recommended-videos"');
    await h.sample('POST', '/__sample/faults', { path: '/api/videos', mode: 'status', status: 500 });
    try {
      expect(await page('art-1002')).toBe(good);
    } finally {
      await h.sample('DELETE', '/__sample/faults');
    }
  });

  it('does not make the article depend on the video lists', async () => {
    await page('art-1003');
    const keys = await h.index.keysOf({ site: 'news', path: pathOf('art-1003') });
    expect(keys.some((k) => k.startsWith('videos:'))).toBe(false);
  });
});

describe('text-to-speech, disclosures and the betting promo (spec 1 §9)', () => {
  it('adds "You can now listen to articles!" after the first featured video of a recent opinion article, not to a quiz', async () => {
    const html = await page('art-2009');
    expect(html).toContain('<span class="badge">NEW</span> You can now listen to articles!');
    expect(html.indexOf('featured-video')).toBeGreaterThan(-1);
    expect(html.indexOf('class="text-to-speech"')).toBeGreaterThan(html.indexOf('featured-video'));
    expect(await page('art-2012')).not.toContain('You can now listen to articles!');
  });

  it('shows the shopping disclosure, and the commerce one with its extra sentence', async () => {
    const shopping = await page('art-2014');
    expect(shopping).toContain('Fox News may earn a commission if you buy through our referral links.');
    expect(shopping).not.toContain('This content was created by a team that works independently from the Fox newsroom.');
    const commerce = await page('art-2015');
    expect(commerce).toContain('This content was created by a team that works independently from the Fox newsroom.');
  });

  it('puts a betting promo after the 3rd paragraph of a fox_bet article', async () => {
    const html = await page('art-2010');
    const body = html.slice(html.indexOf('<div class="article-body">'));
    const before = body.slice(0, body.indexOf('promo-betting'));
    expect(before.match(/<p( class="speakable")?>/g)).toHaveLength(3);
  });
});

describe('the AMP page as stored', () => {
  it('carries the dek, the analytics tag and the comments link', async () => {
    const amp = await page('art-2001', 'amp');
    expect(amp).toContain('class="dek"');
    expect(amp).toContain('<amp-analytics');
    expect(amp).toMatch(/"trackPageview":\{"on":"visible","request":"pageview"\}/);
  });
});

describe('robots, structured data and canonical redirects', () => {
  it('marks robots_noindex, robots_nofollow and the hard-coded article', async () => {
    expect(await page('art-2018')).toMatch(/<meta name="robots" content="noindex, follow"\/>/);
    expect(await page('art-2019')).toMatch(/<meta name="robots" content="index, nofollow[",]/);
    expect(await page('art-noindex-demo')).toMatch(/<meta name="robots" content="noindex/);
    expect(await page('art-1001')).toContain('<meta name="robots" content="index, follow, max-image-preview:large, max-video-preview:-1"/>');
  });

  it('writes NewsArticle JSON-LD with the headline cut to 110 characters', async () => {
    await h.render(pathOf('art-2021'));
    const html = await h.stored(pathOf('art-2021'));
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const data = JSON.parse(json) as { '@type': string; headline: string; publisher: { logo: { width: number; height: number } } };
    expect(data['@type']).toBe('NewsArticle');
    expect(data.headline.length).toBeLessThanOrEqual(110);
    expect(data.publisher.logo).toMatchObject({ width: 600, height: 60 });
  });

  it('sizes the social and JSON-LD images through the image service (1200x675, 1200x800)', async () => {
    const html = await page('art-1001');
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/1200\/675\/[^"]*\?ve=1&tl=1"\/>/);
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).toMatch(/\/1200\/800\/[^"]*\?ve=1\\u0026tl=1/);
  });


  it('stores a 301 redirect record at an old path, and the edge router shape', async () => {
    const record = dataset.articles.find((a) => a.id === 'art-2020');
    const urls = record?.urls ?? [];
    const oldPath = urls.map((u) => new URL(u, 'https://x.invalid').pathname).find((p) => p !== pathOf('art-2020'));
    expect(oldPath).toBeDefined();
    const outcome = await h.render(oldPath ?? '/');
    expect(outcome.kind).toBe('redirect');
    const stored = await h.store.get(pageKey('news', oldPath ?? '/', 'redirect'));
    expect(JSON.parse(stored?.body.toString('utf8') ?? '{}')).toEqual({ location: pathOf('art-2020'), status: 301 });
  });
});

describe('the lists beside an article (spec 2 §2 article layout regions)', () => {
  it('leave out the article itself and the stories a list above shows, each list as long as the layout asks where upstream has the stories', async () => {
    // art-2002 is among the politics stories the rail's "Trending in Politics" (5) and the
    // post-content "More from Politics" (4) read.
    const path = pathOf('art-2002');
    const html = await page('art-2002');
    const lists = [...html.matchAll(/<section aria-label="([^"]+)">(?:<h2>[^<]*<\/h2>)?<ul[^>]*>([\s\S]*?)<\/ul><\/section>/g)].map((match) => ({
      title: match[1],
      links: [...(match[2] ?? '').matchAll(/<a href="([^"]+)">/g)].map((link) => link[1]),
    }));
    const client = createUpstreamClient({ config: parseUpstreamConfig({ UPSTREAM_BASE_URL: h.upstream.url }), logger: createLogger({ component: 'render-article-test', level: 'silent' }) });
    const latest = (await client.searchArticles({ category: 'politics', size: 20, from: 0 })).map((item) => item.url);
    expect(latest).toContain(path);
    // The rail: the section's latest stories but this one.
    const trending = latest.filter((url) => url !== path).slice(0, 5);
    expect(lists.find((list) => list.title === 'Trending in Politics')?.links).toEqual(trending);
    // Below the article: the next ones, or no list at all when the rail shows every one.
    const more = latest.filter((url) => url !== path && !trending.includes(url)).slice(0, 4);
    expect(lists.find((list) => list.title === 'More from Politics')?.links).toEqual(more.length > 0 ? more : undefined);
    const everyLink = lists.flatMap((list) => list.links);
    expect(everyLink).not.toContain(path);
    expect(new Set(everyLink).size).toBe(everyLink.length);
  });
});
