import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../errors.js';
import {
  assetKey,
  feedKey,
  feedSectionFromRequestPath,
  feedUrlPath,
  isValidPagePath,
  normalisePagePath,
  notFoundPageKey,
  PAGE_VARIANTS,
  pageKey,
  pageKeys,
  pagePrefix,
  pageVersionKey,
  pageVersionsPrefix,
  parseKey,
  parseVersionKey,
  PATH_LIMITS,
  rootFileKey,
  variantFromRequestPath,
  variantUrlPath,
} from './keys.js';

function expectInvalidPath(run: () => unknown, label: string): void {
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(isPlatformError(error, 'INVALID_PATH'), `${label}: ${String(error)}`).toBe(true);
}

const hostilePaths = [
  '',
  'no-leading-slash',
  '/..',
  '/a/../b',
  '/a/./b',
  '/.',
  '//',
  '/a//b',
  '/.hidden',
  '/a/%2e%2e/b',
  '/a%2Fb',
  '/a\\b',
  '/a\\..\\b',
  '/a b',
  '/a?b=c',
  '/a#b',
  '/caf\u00e9',
  '/a\u0000b',
  '/' + 'a'.repeat(PATH_LIMITS.maxSegmentLength + 1),
  '/' + 'a/'.repeat(PATH_LIMITS.maxSegments) + 'a',
  '/' + 'abcdefghi/'.repeat(60),
];

describe('normalisePagePath', () => {
  it('keeps "/" and strips one trailing slash', () => {
    expect(normalisePagePath('/')).toBe('/');
    expect(normalisePagePath('/politics/')).toBe('/politics');
    expect(normalisePagePath('/us/2025/story-slug_1~x.y')).toBe('/us/2025/story-slug_1~x.y');
  });

  it('accepts the limits exactly', () => {
    const longest = '/' + 'a'.repeat(PATH_LIMITS.maxSegmentLength);
    expect(normalisePagePath(longest)).toBe(longest);
    const deepest = '/' + Array.from({ length: PATH_LIMITS.maxSegments }, () => 'a').join('/');
    expect(normalisePagePath(deepest)).toBe(deepest);
  });

  it.each(hostilePaths.map((p) => [JSON.stringify(p).slice(0, 60), p]))('rejects %s', (_label, path) => {
    expectInvalidPath(() => normalisePagePath(path), path);
    expect(isValidPagePath(path)).toBe(false);
  });

  it('rejects an overlong path before looking at its segments', () => {
    expectInvalidPath(() => normalisePagePath('/' + 'a'.repeat(PATH_LIMITS.maxLength)), 'overlong');
  });

  it('rejects values that are not strings', () => {
    for (const value of [undefined, null, 42, ['/a'], { path: '/a' }]) {
      // The function is typed for strings; callers on untrusted input may still pass anything.
      expectInvalidPath(() => normalisePagePath(value as unknown as string), JSON.stringify(value) ?? 'undefined');
    }
  });

  it('isValidPagePath is true only for already-normal paths', () => {
    expect(isValidPagePath('/')).toBe(true);
    expect(isValidPagePath('/politics')).toBe(true);
    expect(isValidPagePath('/politics/')).toBe(false);
  });
});

describe('page keys', () => {
  const paths = ['/', '/politics', '/us/2025/01/02/story-slug', '/es-path/a.b/c_d~e'];

  it.each(PAGE_VARIANTS.flatMap((variant) => paths.map((path) => [variant, path] as const)))('%s of %s round-trips', (variant, path) => {
    for (const site of ['news', 'es'] as const) {
      const key = pageKey(site, path, variant);
      expect(key.startsWith(`${site}/pages/`)).toBe(true);
      expect(parseKey(key)).toEqual({ kind: 'page', site, path, variant });
    }
  });

  it('lays out the home page and variants as documented', () => {
    expect(pageKey('news', '/', 'standard')).toBe('news/pages/index.html');
    expect(pageKey('news', '/politics/', 'amp')).toBe('news/pages/politics/amp.html');
    expect(pageKey('es', '/a/b', 'print')).toBe('es/pages/a/b/print.html');
    expect(pageKey('news', '/a', 'redirect')).toBe('news/pages/a/redirect.json');
    expect(pageKeys('news', '/a')).toEqual({
      standard: 'news/pages/a/index.html',
      amp: 'news/pages/a/amp.html',
      print: 'news/pages/a/print.html',
      redirect: 'news/pages/a/redirect.json',
    });
  });

  it('refuses hostile paths', () => {
    for (const path of hostilePaths) expectInvalidPath(() => pageKey('news', path, 'standard'), path);
  });

  it('pagePrefix covers every variant of the page and the pages below it, and nothing beside it', () => {
    const prefix = pagePrefix('news', '/politics');
    expect(prefix).toBe('news/pages/politics/');
    expect(pageKey('news', '/politics', 'amp').startsWith(prefix)).toBe(true);
    expect(pageKey('news', '/politics/story', 'standard').startsWith(prefix)).toBe(true);
    expect(pageKey('news', '/politics-extra', 'standard').startsWith(prefix)).toBe(false);
    expect(pagePrefix('es', '/')).toBe('es/pages/');
  });
});

describe('special, root and asset keys', () => {
  it('round-trip', () => {
    expect(parseKey(notFoundPageKey('news'))).toEqual({ kind: 'not-found', site: 'news' });
    expect(notFoundPageKey('es')).toBe('es/special/404.html');
    for (const file of ['robots.txt', 'sitemap.xml', 'sitemap-news.xml', 'feeds.politics.xml']) {
      const key = rootFileKey('news', file);
      expect(key).toBe(`news/root/${file}`);
      expect(parseKey(key)).toEqual({ kind: 'root', site: 'news', file });
    }
    for (const file of ['islands.4f3c2a1b.js', 'app.9a8b.css', 'app.9a8b.js.map', 'manifest.json', 'logo.svg', 'icon.png', 'font.woff2']) {
      const key = assetKey(file);
      expect(key).toBe(`assets/${file}`);
      expect(parseKey(key)).toEqual({ kind: 'asset', file });
    }
  });

  it('refuse bad file names', () => {
    for (const file of ['../robots.txt', 'Robots.txt', 'robots.html', '.robots.txt', 'a/b.xml', '']) {
      expectInvalidPath(() => rootFileKey('news', file), file);
    }
    for (const file of ['../app.js', 'app.exe', '.app.js', 'a/b.js', 'app.js?x', '']) {
      expectInvalidPath(() => assetKey(file), file);
    }
  });
});

describe('feed keys', () => {
  it('lay out a section feed under {site}/feeds and round-trip through parseKey', () => {
    expect(feedKey('news', 'politics')).toBe('news/feeds/politics.xml');
    expect(feedKey('es', 'us')).toBe('es/feeds/us.xml');
    for (const section of ['lifestyle', 'us', 'world', 'politics', 'media', 'opinion', 'entertainment', 'science', 'tech', 'health', 'travel', 'sports']) {
      expect(parseKey(feedKey('news', section))).toEqual({ kind: 'feed', site: 'news', section });
      expect(feedSectionFromRequestPath(feedUrlPath(section))).toBe(section);
    }
  });

  it('serve a feed at /rss/{section}.xml', () => {
    expect(feedUrlPath('politics')).toBe('/rss/politics.xml');
    expect(feedSectionFromRequestPath('/rss/politics.xml')).toBe('politics');
  });

  it.each(['', 'Politics', '../x', 'a/b', '.x', 'a.b', '-x', 'x'.repeat(65), 'caf\u00e9'])('refuse the section %j', (section) => {
    expectInvalidPath(() => feedKey('news', section), section);
    expectInvalidPath(() => feedUrlPath(section), section);
    expect(feedSectionFromRequestPath(`/rss/${section}.xml`)).toBeNull();
  });

  it.each(['/rss/politics', '/rss/politics.xml/', '/rss/a/b.xml', '/rss.xml', '/feeds/politics.xml', '/rss/politics.xml.amp'])(
    'name no feed with the request path %j',
    (path) => {
      expect(feedSectionFromRequestPath(path)).toBeNull();
    },
  );

  it.each(['news/feeds/../x.xml', 'news/feeds/a/b.xml', 'news/feeds/politics.txt', 'news/feeds/.xml', 'news/feeds/Politics.xml'])(
    'parseKey returns null for %j',
    (key) => {
      expect(parseKey(key)).toBeNull();
    },
  );
});

describe('parseKey', () => {
  it.each([
    'unknown/pages/index.html',
    'pages/index.html',
    'news',
    'news/',
    'news/pages/a/other.html',
    'news/pages/../index.html',
    'news/pages/a%2F/index.html',
    'news/special/500.html',
    'news/root/../robots.txt',
    'news/root/a/robots.txt',
    'news/other/x',
    'assets/../x.js',
    'assets/sub/x.js',
    'assets/',
    '',
  ])('returns null for %j', (key) => {
    expect(parseKey(key)).toBeNull();
  });
});

describe('parseKey is the exact inverse of the builders', () => {
  // Two keys must never map to one page: only pageKey's own spelling of the home key parses.
  it('returns null for the non-canonical home key "news/pages//index.html"', () => {
    expect(parseKey('news/pages//index.html')).toBeNull();
  });

  it('rebuilding a parsed page key gives the same key', () => {
    for (const key of ['news/pages/index.html', 'es/pages/a/b/amp.html', 'news/pages/x/index.html/index.html']) {
      const parsed = parseKey(key);
      expect(parsed?.kind).toBe('page');
      if (parsed?.kind === 'page') expect(pageKey(parsed.site, parsed.path, parsed.variant)).toBe(key);
    }
  });
});

describe('variantFromRequestPath', () => {
  it.each([
    ['/politics', '/politics', 'standard'],
    ['/politics.amp', '/politics', 'amp'],
    ['/politics.print', '/politics', 'print'],
    ['/politics.print.html', '/politics', 'print'],
    ['/a/b/story.amp', '/a/b/story', 'amp'],
    ['/', '/', 'standard'],
    // A bare suffix is a page path, not a variant of "/".
    ['/.amp', '/.amp', 'standard'],
    ['/.print', '/.print', 'standard'],
  ] as const)('%s -> %s (%s)', (requestPath, path, variant) => {
    expect(variantFromRequestPath(requestPath)).toEqual({ path, variant });
  });

  it('is the inverse of variantUrlPath', () => {
    for (const variant of ['standard', 'amp', 'print'] as const) {
      expect(variantFromRequestPath(variantUrlPath('/a/story', variant))).toEqual({ path: '/a/story', variant });
    }
  });
});

describe('page version keys', () => {
  it('keeps versions under {site}/versions{path}/_v/{version}/{file}, never under pages/', () => {
    expect(pageVersionKey('news', '/politics/story', '20250102T030405678Z-0a1b2c3d', 'standard')).toBe(
      'news/versions/politics/story/_v/20250102T030405678Z-0a1b2c3d/index.html',
    );
    expect(pageVersionKey('es', '/', 'v1', 'amp')).toBe('es/versions/_v/v1/amp.html');
    expect(pageVersionsPrefix('news', '/')).toBe('news/versions/_v/');
    expect(parseKey(pageVersionKey('news', '/a', 'v1', 'standard'))).toBeNull();
  });

  it("a page's version prefix holds none of the versions of the pages below it", () => {
    const home = pageVersionsPrefix('news', '/');
    const politics = pageVersionKey('news', '/politics', 'v1', 'standard');
    expect(politics.startsWith(home)).toBe(false);
    expect(pageVersionKey('news', '/politics/story', 'v1', 'standard').startsWith(pageVersionsPrefix('news', '/politics'))).toBe(false);
  });

  it('parseVersionKey is the exact inverse, even for a page path with a _v segment', () => {
    for (const [site, path, version, variant] of [
      ['news', '/', 'v1', 'standard'],
      ['es', '/a/b', '20250102T030405678Z-0a1b2c3d', 'print'],
      ['news', '/a/_v/b', 'v2', 'redirect'],
      ['news', '/_v', 'v3', 'amp'],
    ] as const) {
      expect(parseVersionKey(pageVersionKey(site, path, version, variant))).toEqual({ site, path, version, variant });
    }
    for (const key of ['news/versions/_v/index.html', 'news/pages/a/_v/v1/index.html', 'xx/versions/_v/v1/index.html', 'news/versions/a/_v/v1/other.html', 'news/versions/a/x/v1/index.html', 'news/versions//_v/v1/index.html']) {
      expect(parseVersionKey(key), key).toBeNull();
    }
  });

  it('refuses a version id that could leave its directory', () => {
    for (const bad of ['', '..', '.', 'a/b', 'a.b', '-a', 'x'.repeat(65)]) {
      expectInvalidPath(() => pageVersionKey('news', '/a', bad, 'standard'), bad);
    }
  });
});
