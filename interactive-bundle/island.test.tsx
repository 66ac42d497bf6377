/**
 * Renders every island in the registry on the server (docs/architecture.md "Conventions": islands by convention): the markup is there,
 * the props script parses back to the props, the output is deterministic, and no prop can break
 * out of its script element.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { heapHeldBy, ropeOf } from '../tests/support/heap-held.js';
import { Island, IslandHtmlMemo } from './island.js';
import { islandElement, islandIdentifierPrefix } from './island-root.js';
import { islandComponents } from './islands/server-registry.js';
import { IslandPropsError, parseIslandProps, serializeIslandProps } from './island-props.js';
import { ISLAND_NAMES, isIslandName, islandLoaders, type IslandName, type IslandPropsByName } from './islands/registry.js';

/** One sample per island; the mapped type makes a new island without a sample a compile error. */
const SAMPLE_PROPS: { [N in IslandName]: IslandPropsByName[N] } = {
  HeaderSearch: { siteName: 'Fox News' },
  Slideshow: {
    title: 'Spring in the parks',
    shareUrl: 'https://www.foxnews.com/lifestyle/spring',
    slides: [{ imageId: 'a', imageUrl: 'https://img.example.com/a.jpg', alt: 'Cherry trees', caption: 'Cherry trees in bloom.' }],
    slideSize: { width: 931, height: 524 },
    thumbSize: { width: 227, height: 128 },
  },
  PrintControls: { articleUrl: '/politics/senate-passes-bill' },
  VideoCarousel: { videos: [{ name: 'Whiteout on the interstate', url: '/video/6370000000008', duration: '0:48' }] },
  WeatherList: { title: 'Latest forecasts', items: [{ title: 'Blizzard warning', url: '/us/storm', description: 'Up to 18 inches.' }] },
  Deals: { type: 'amazon', items: ['B0SAMPLE01'], disclosure: ['Fox News may earn a commission if you buy through our referral links.'], endpoint: '/api/deals' },
  LoadMore: {
    category: 'politics',
    from: 11,
    pageSize: 10,
    preloaded: [
      {
        title: 'Senate passes the bill',
        url: '/politics/senate-passes-bill',
        imageUrl: 'https://static.example.com/images/senate.jpg',
        description: 'The vote was 51-49.',
        publicationDate: '2026-02-28T13:05:00.000Z',
      },
    ],
    hasMore: true,
    endpoint: '/api/article-search',
  },
  SearchResults: { siteName: 'Fox News', endpoint: '/api/search' },
  Menus: {
    kind: 'more',
    label: 'More',
    summary: 'More',
    items: [
      { name: 'U.S.', url: '/us', color: '#0A7', subsections: [{ name: 'Crime', url: '/category/us/crime' }] },
      { name: 'Weather', url: '/weather', subsections: [] },
    ],
    activeUrl: '/us',
  },
  Newsletter: { newsletterId: 'newsletter-politics', title: 'Politics Newsletter', endpoint: '/api/newsletter' },
  ContactForm: {
    formId: 'america-together',
    location: true,
    labels: { fullName: 'Full Name', email: 'Email', state: 'State', town: 'Town', message: 'Message', submit: 'Send' },
    placeholders: { fullName: 'Enter your full name', email: 'Enter your email', state: 'Select a state', town: 'Enter your town', message: 'Enter your message' },
    messages: { success: 'Your message has been sent!', error: 'An error occurred, please try again later.' },
    endpoint: '/api/contact',
    tokenEndpoint: '/api/email',
  },
  TvSchedule: { title: 'On Air', channel: 'news', dt: '2022-03-30', endpoint: '/api/schedule' },
  PersonReadMore: { blocks: [[{ tag: 'p', href: null, children: ['More about the ', { tag: 'em', href: null, children: ['host'] }, '.'] }]] },
  VideoAccess: { needsAuthentication: true, showBar: true },
  LiveEventVideo: {
    video: { id: 'v1', url: '/video/v1', title: 'Live stream', category: 'Politics', categoryUrl: '/politics', duration: 'LIVE', image: 'https://img.example.com/v1.jpg', imageAlt: 'Stage', responsiveImages: [] },
    playlist: [{ id: 'v2', url: '/video/v2', title: 'Polls close', category: null, categoryUrl: null, duration: '3:12', image: null, imageAlt: '', responsiveImages: [] }],
  },
  GameInfoModal: { gameTitle: 'Word Search', paragraphs: ['Find every hidden word.', 'Words run in any direction.'] },
  SocialEmbed: { provider: 'instagram', url: 'https://www.instagram.com/p/CsAmple1234/', linkText: 'View this post on Instagram', hideCaption: false },
  Countdown: { end: '2026-01-01T05:00:00.000Z', endLabel: 'January 01, 2026 12:00am EST', title: 'Countdown to midnight', endText: 'Happy New Year!' },
  VideoLoadMore: { title: 'More U.S. Videos', tag: 'fox-news/us', items: [{ name: 'Whiteout on the interstate', url: '/video/whiteout-on-the-interstate', duration: '0:48' }], from: 13, hasMore: true },
  VideoPlayer: { title: 'Senate leaders outline the week ahead', poster: 'https://static.example.com/images/1280/720/senate.jpg', streams: [{ url: 'https://media.example.com/senate/master.m3u8', type: 'application/x-mpegURL' }] },
};

const HOSTILE = '</script><script>alert(1)</script><!-- & \u2028\u2029';

function renderIsland<N extends IslandName>(name: N, props: IslandPropsByName[N]): string {
  return renderToString(<Island name={name} props={props} />);
}

/** The component rendered as Island renders it, without the memo: what the root must hold. */
function freshIslandHtml<N extends IslandName>(name: N, props: IslandPropsByName[N], propsId: string): string {
  return renderToString(islandElement(islandComponents[name], props), { identifierPrefix: islandIdentifierPrefix(propsId) });
}

/** The props script's text for the island root in `html`, found by the root's pointer. */
function propsScriptText(html: string): string {
  const pointer = /data-island-props="([^"]+)"/.exec(html);
  expect(pointer).not.toBeNull();
  const id = pointer?.[1] ?? '';
  const script = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  expect(script).not.toBeNull();
  return script?.[1] ?? '';
}

/** Replaces every string prop with the hostile string, keeping the props' shape. */
function hostile<P>(props: P): P {
  return JSON.parse(JSON.stringify(props, (_key, value: unknown) => (typeof value === 'string' ? HOSTILE : value))) as P;
}

describe.each(ISLAND_NAMES)('island %s', (name) => {
  const props = SAMPLE_PROPS[name];

  it('renders non-empty markup inside a root that names the component', () => {
    const html = renderIsland(name, props);
    const root = new RegExp(`^<div data-island="${name}" data-island-props="[^"]+">([\\s\\S]+?)</div><script`).exec(html);
    expect(root?.[1]?.length ?? 0).toBeGreaterThan(0);
  });

  it('writes props that parse back to the same props', () => {
    expect(parseIslandProps(propsScriptText(renderIsland(name, props)))).toEqual(props);
  });

  it('renders byte-identical HTML twice, the HTML a fresh render of the component gives', () => {
    const html = renderIsland(name, props);
    expect(renderIsland(name, props)).toBe(html);
    // The second render above may come from the memo: the root must hold exactly what rendering
    // the component again gives, and that must not change between renders either.
    const id = /data-island-props="([^"]+)"/.exec(html)?.[1] ?? '';
    const inner = html.slice(html.indexOf('>') + 1, html.indexOf(`</div><script type="application/json" id="${id}">`));
    const fresh = () => freshIslandHtml(name, props, id);
    expect(fresh()).toBe(inner);
    expect(fresh()).toBe(fresh());
  });

  it('keeps a hostile string prop inside the JSON', () => {
    const evil = hostile(props);
    const html = renderIsland(name, evil);
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(parseIslandProps(propsScriptText(html))).toEqual(evil);
  });

  it('has a client loader whose props parser accepts the sample', async () => {
    const island = await islandLoaders[name]();
    expect(island.parseProps(props)).toEqual(props);
  });

  it('refuses an edition it does not know, if it takes one, instead of speaking another edition\'s language', async () => {
    const island = await islandLoaders[name]();
    const takesSite = (island.parseProps({ ...props, site: 'es' }) as { site?: unknown }).site === 'es';
    if (takesSite) expect(() => island.parseProps({ ...props, site: 'mars' })).toThrow(IslandPropsError);
    else expect(island.parseProps({ ...props, site: 'mars' })).not.toHaveProperty('site');
  });
});

describe('Island', () => {
  it('gives two islands on one page distinct props ids and distinct element ids', () => {
    const html = renderToString(
      <main>
        <Island name="HeaderSearch" props={{ siteName: 'Fox News' }} />
        <Island name="HeaderSearch" props={{ siteName: 'Fox News en Español' }} />
      </main>,
    );
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('IslandHtmlMemo', () => {
  it('keeps the HTML flat: 200 kept islands hold about their characters, not a node per piece', () => {
    const memo = new IslandHtmlMemo(10_000_000);
    const { held, kept } = heapHeldBy(() => Array.from({ length: 200 }, (_, seed) => memo.get('Test', `r${seed}`, `{"seed":${seed}}`, () => ropeOf(seed))));
    expect(kept[7]).toBe(ropeOf(7));
    const chars = kept.reduce((sum, html) => sum + html.length, 0);
    // As ropes they held more than three times their characters (tried without the flattening).
    expect(held).toBeLessThan(chars * 1.5 + 200 * 1024);
  });

  function counted(html: string) {
    const render = { calls: 0, run: () => ((render.calls += 1), html) };
    return render;
  }

  it('renders an island once per name, props id and props, and answers the same HTML after', () => {
    const memo = new IslandHtmlMemo();
    const render = counted('<p>carousel</p>');
    expect(memo.get('VideoCarousel', 'island-props-_R_2m_', '{"videos":[]}', render.run)).toBe('<p>carousel</p>');
    expect(memo.get('VideoCarousel', 'island-props-_R_2m_', '{"videos":[]}', render.run)).toBe('<p>carousel</p>');
    expect(render.calls).toBe(1);
    // Any of the three differing is another island.
    memo.get('VideoCarousel', 'island-props-_R_3m_', '{"videos":[]}', render.run);
    memo.get('VideoCarousel', 'island-props-_R_2m_', '{"videos":[1]}', render.run);
    memo.get('PrintControls', 'island-props-_R_2m_', '{"videos":[]}', render.run);
    expect(render.calls).toBe(4);
    expect(memo.stats().entries).toBe(4);
  });

  it('keeps at most its characters, the least recently used going first, and never keeps long props', () => {
    const entry = 30 + 'A\u0000id\u0000{}'.length;
    const memo = new IslandHtmlMemo(3 * entry, 20);
    const render = counted('x'.repeat(30));
    for (const name of ['A', 'B', 'C']) memo.get(name, 'id', '{}', render.run);
    expect(memo.stats()).toEqual({ entries: 3, chars: 3 * entry });
    // A is used again, so B is the least recently used when D comes.
    memo.get('A', 'id', '{}', render.run);
    memo.get('D', 'id', '{}', render.run);
    expect(render.calls).toBe(4);
    expect(memo.stats()).toEqual({ entries: 3, chars: 3 * entry });
    memo.get('A', 'id', '{}', render.run);
    memo.get('C', 'id', '{}', render.run);
    expect(render.calls).toBe(4);
    memo.get('B', 'id', '{}', render.run);
    expect(render.calls).toBe(5);
    const long = `{"a":"${'y'.repeat(20)}"}`;
    memo.get('E', 'id', long, render.run);
    memo.get('E', 'id', long, render.run);
    expect(render.calls).toBe(7);
    const huge = counted('z'.repeat(200));
    memo.get('F', 'id', '{}', huge.run);
    memo.get('F', 'id', '{}', huge.run);
    expect(huge.calls).toBe(2);
    expect(memo.stats().chars).toBeLessThanOrEqual(3 * entry);
  });
});

describe('island props wire format', () => {
  it('escapes <, >, & and U+2028/9 and round-trips', () => {
    const props = { text: HOSTILE, nested: [{ n: 1, ok: true, none: null }] };
    const text = serializeIslandProps(props);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(props);
  });

  it('rejects text that is not JSON or not an object', () => {
    expect(() => parseIslandProps('{nope')).toThrow(IslandPropsError);
    expect(() => parseIslandProps('[1]')).toThrow(IslandPropsError);
    expect(() => parseIslandProps('null')).toThrow(IslandPropsError);
  });

  it('knows the registered names', () => {
    expect(isIslandName('HeaderSearch')).toBe(true);
    expect(isIslandName('toString')).toBe(false);
    expect(isIslandName('Nope')).toBe(false);
  });
});
