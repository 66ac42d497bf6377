import { describe, expect, it } from 'vitest';
import { MISS_RULE_LIMITS, missRenderTarget, type MissRejection, type PageRoute } from './page-rules.js';

describe('missRenderTarget: paths of the route table render on a miss', () => {
  it.each<[string, PageRoute, string]>([
    ['/', 'index', '/'],
    ['/politics', 'section', '/politics'],
    ['/help', 'section', '/help'],
    ['/politics/senate-panel-advances-rural-broadband-bill', 'slug-article', '/politics/senate-panel-advances-rural-broadband-bill'],
    ['/us/crime/some-story', 'slug-article', '/us/crime/some-story'],
    ['/ai/new-model-released', 'slug-article', '/ai/new-model-released'],
    ['/category', 'category', '/category'],
    ['/category/us/personal-freedoms/america-together', 'category-slug', '/category/us/personal-freedoms/america-together'],
    ['/category/politics/elections/senate', 'category-politics-elections-slug', '/category/politics/elections/senate'],
    ['/person/x/grace-holloway', 'person-p-slug', '/person/x/grace-holloway'],
    ['/person/grace-holloway', 'person-p-slug', '/person/grace-holloway'],
    ['/person/personalities', 'personalities', '/person/personalities'],
    ['/personalities', 'personalities', '/personalities'],
    ['/shows', 'shows', '/shows'],
    ['/shows/the-evening-report', 'shows-id', '/shows/the-evening-report'],
    ['/video', 'video', '/video'],
    ['/video/senate-hearing', 'video', '/video/senate-hearing'],
    ['/video/shows/the-evening-report', 'video', '/video/shows/the-evening-report'],
    ['/video/topics/politics/elections', 'video', '/video/topics/politics/elections'],
    ['/games/word-search', 'games', '/games/word-search'],
    ['/coverage/election-night', 'coverage-page', '/coverage/election-night'],
    ['/search-results/search', 'search', '/search-results/search'],
    ['/foxaroundtheworld/search', 'static', '/foxaroundtheworld/search'],
    ['/privacy-policy', 'static', '/privacy-policy'],
  ])('%s -> %s', (target, route, path) => {
    expect(missRenderTarget('news', target)).toEqual({ renderable: true, route, path, variant: 'standard' });
  });

  it('maps an AMP or print request to its page: one job renders every variant', () => {
    expect(missRenderTarget('news', '/politics/a-story.amp')).toEqual({ renderable: true, route: 'slug-article', path: '/politics/a-story', variant: 'amp' });
    expect(missRenderTarget('news', '/politics/a-story.print')).toMatchObject({ path: '/politics/a-story', variant: 'print' });
    expect(missRenderTarget('news', '/politics/a-story.print.html')).toMatchObject({ path: '/politics/a-story', variant: 'print' });
  });

  it('keeps a plain query: it never changes the page', () => {
    expect(missRenderTarget('news', '/games/word-search?mode=app')).toMatchObject({ renderable: true, path: '/games/word-search' });
    expect(missRenderTarget('news', '/politics?utm_source=newsletter&utm_medium=email&cmpid=org%3Dnws')).toMatchObject({ renderable: true, path: '/politics' });
  });

  it('knows the translation statement on the site that has it', () => {
    expect(missRenderTarget('es', '/translation-statement')).toMatchObject({ renderable: true, route: 'static' });
    expect(missRenderTarget('news', '/translation-statement')).toMatchObject({ renderable: true, route: 'section' });
  });
});

describe('missRenderTarget: hostile and absurd targets never render', () => {
  const long = 'a'.repeat(MISS_RULE_LIMITS.maxSegmentLength + 1);
  it.each<[string, MissRejection]>([
    [`/${long}`, 'too-long'],
    [`/politics/${'a-'.repeat(110)}x`, 'too-long'],
    ['/a/b/c/d/e/f/g', 'too-long'],
    [`/politics?${'q=1&'.repeat(200)}`, 'too-long'],
    ['/politics/%2e%2e/%2e%2e/etc/passwd', 'encoding'],
    ['/politics/caf%C3%A9', 'encoding'],
    ['/%c0%ae%c0%ae/secret', 'encoding'],
    ['/politics/<script>', 'encoding'],
    ['/politics/a b', 'encoding'],
    ['/politics/a\\b', 'encoding'],
    ['politics', 'encoding'],
    ['/politics/../admin', 'dot-segment'],
    ['/./politics', 'dot-segment'],
    ['/.env', 'dot-segment'],
    ['/.git/config', 'dot-segment'],
    ['/politics//story', 'bad-segment'],
    ['/politics/', 'bad-segment'],
    ['/Politics/Story', 'bad-segment'],
    ['/politics/-story', 'bad-segment'],
    ['/politics/story_1', 'bad-segment'],
    ['/politics/story;jsessionid=1', 'encoding'],
    ['/wp-login.php', 'asset'],
    ['/favicon.ico', 'asset'],
    ['/assets/client-abc.js', 'asset'],
    ['/robots.txt', 'asset'],
    ['/sitemap-articles-9.xml', 'asset'],
    ['/rss/politics.xml', 'asset'],
    ['/politics/story.json', 'asset'],
    ['/politics?q=<script>', 'query'],
    ['/politics?q=%22&a[]=1', 'query'],
    ['/politics?1=2', 'query'],
    ['/politics?a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9', 'query'],
    [`/politics?q=${'x'.repeat(200)}`, 'query'],
    ['/api/search', 'unknown-prefix'],
    ['/api', 'unknown-prefix'],
    ['/admin', 'unknown-prefix'],
    ['/wp-admin/install', 'unknown-prefix'],
    ['/cgi-bin/test', 'unknown-prefix'],
    ['/healthz', 'unknown-prefix'],
    ['/no-such-section/some-story', 'unknown-prefix'],
    ['/games/a/b', 'not-a-page'],
    ['/shows/a/b', 'not-a-page'],
    ['/coverage/a/b', 'not-a-page'],
    ['/search-results/other', 'not-a-page'],
    ['/person/a/b/c', 'not-a-page'],
    ['/video/a/b', 'not-a-page'],
  ])('%s is refused (%s)', (target, reason) => {
    expect(missRenderTarget('news', target)).toEqual({ renderable: false, reason });
  });
});
