/**
 * Person pages and the persons list on real parts (tests/support/renderer.ts: the sample upstream
 * over HTTP, the filesystem store, a real Redis): what a reader sees in the stored HTML, the 301
 * record, the not-found cases (nothing written) and the logged failures (the render fails with the
 * retryable upstream error, so the job retries and the stored page stays: docs/architecture.md "Failure handling").
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { pageKey } from '../../core/storage/keys.js';
import { createUpstreamClient } from '../../core/upstream/client.js';
import { errorLines, validateHtml } from '../../tests/support/html-validator.js';
import { startRendererHarness, type RendererHarness } from '../../tests/support/renderer.js';
import { listSitePages } from '../site-pages.js';
import { PERSON_ROLE_ERROR } from './person-rules.js';

const GRACE = '/person/h/grace-holloway';
let h: RendererHarness;

function decoded(html: string): string {
  return html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

beforeAll(async () => {
  h = await startRendererHarness();
});

beforeEach(async () => {
  await h.sample('POST', '/__sample/reset');
  await h.sample('DELETE', '/__sample/faults');
  h.logLines.length = 0;
});

afterAll(async () => {
  await h.stop();
});

describe('person page', () => {
  it('renders the person card, Read More island, regions and Person structured data', async () => {
    const outcome = await h.render(GRACE);
    expect(outcome.kind).toBe('person');
    const html = await h.stored(GRACE);
    const text = decoded(html);
    expect(text).toContain('<title>Grace Holloway | Fox News</title>');
    expect(text).toContain('<link rel="canonical" href="https://www.example.test/person/h/grace-holloway"/>');
    expect(text).toContain('<h1 class="person-name">Grace Holloway</h1>');
    expect(text).toContain('<p class="person-title">Host, Morning Report</p>');
    expect(html).toMatch(/<img class="person-headshot" src="[^"]*grace-holloway\.svg"/);
    // Description allow-list: p and strong stay, script and span go; the bio is cut to 250 characters.
    const bio = /<div class="person-bio">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(bio.startsWith('<p>Grace Holloway hosts <strong>Morning Report</strong> on weekdays.')).toBe(true);
    expect(bio).not.toContain('<script');
    expect(bio).not.toContain('<span');
    expect(decoded(bio.replace(/<[^>]+>/g, ''))).toHaveLength(250);
    expect(bio.endsWith('</p>')).toBe(true);
    // Social links through the URL rule.
    expect(html).toContain('<a href="https://twitter.com/example_gholloway" rel="noopener noreferrer">Twitter</a>');
    expect(html).toContain('<a href="https://www.instagram.com/example_gholloway" rel="noopener noreferrer">Instagram</a>');
    // More than one content block: the first shows, the rest are behind Read More.
    expect(html).toContain('data-island="PersonReadMore"');
    expect(html).toContain('Read More');
    expect(html).toContain('Before the anchor desk she reported from <em>Dallas</em> and Houston.');
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(jsonLd)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: 'https://www.example.test/person/h/grace-holloway',
      mainEntity: { '@type': 'Person', name: 'Grace Holloway', jobTitle: 'Host, Morning Report', url: 'https://www.example.test/person/h/grace-holloway' },
    });
    expect(errorLines(await validateHtml([{ name: GRACE, html }]))).toEqual([]);
  }, 60_000);

  it('has no Read More with a single content block', async () => {
    await h.render('/person/b/owen-brandt');
    const html = await h.stored('/person/b/owen-brandt');
    expect(html).toContain('Owen Brandt hosts Weekend Live.');
    expect(html).not.toContain('data-island="PersonReadMore"');
  });

  it('stores a 301 record when the requested path is not the canonical path', async () => {
    const outcome = await h.render('/person/x/grace-holloway');
    expect(outcome.kind).toBe('redirect');
    const record = await h.store.get(pageKey('news', '/person/x/grace-holloway', 'redirect'));
    expect(JSON.parse(record?.body.toString('utf8') ?? '{}')).toEqual({ location: GRACE, status: 301 });
    expect(await h.store.head(pageKey('news', '/person/x/grace-holloway', 'standard'))).toBeNull();
  });

  it('writes nothing for a missing person, a person without p, or a role other than Author or Personality', async () => {
    for (const path of ['/person/z/nobody-here', '/person/grace-holloway', '/person/c/nina-castellano']) {
      const outcome = await h.render(path);
      expect(outcome.kind, path).toBe('not-found');
      expect(outcome.written).toEqual([]);
    }
    expect(h.logLines.some((line) => line.message === PERSON_ROLE_ERROR && line.level === 'warn')).toBe(true);
  });

  it('logs a person fetch failure (spec 2 §8) and fails the render with the retryable error; the stored page stays', async () => {
    await h.render(GRACE);
    const before = await h.stored(GRACE);
    await h.sample('POST', '/__sample/faults', { path: '/api/person', mode: 'status', status: 500 });
    await expect(h.render(GRACE)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retry: true });
    expect(h.logLines.some((line) => line.message === 'An error occurred while fetching person data' && line.level === 'error')).toBe(true);
    expect(await h.stored(GRACE)).toBe(before);
  });
  it('fails the render when the person layout fetch fails, after logging it; the stored page stays', async () => {
    await h.render(GRACE);
    const before = await h.stored(GRACE);
    await h.sample('POST', '/__sample/faults', { path: '/layouts', query: { subtype: 'person', elementId: 'grace-holloway' }, mode: 'malformed' });
    await expect(h.render(GRACE)).rejects.toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', retry: true });
    expect(h.logLines.some((line) => line.message === 'person layout fetch failed' && line.level === 'warn')).toBe(true);
    expect(await h.stored(GRACE)).toBe(before);
  });
});

describe('persons list', () => {
  it('lists Authors and Personalities on both routes under "On Air Personalities"', async () => {
    for (const path of ['/personalities', '/person/personalities']) {
      const outcome = await h.render(path);
      expect(outcome.kind, path).toBe('persons');
      const html = decoded(await h.stored(path));
      expect(html).toContain('<h1>On Air Personalities</h1>');
      expect(html).toContain('<a href="/person/h/grace-holloway">Grace Holloway</a>');
      expect(html).toContain('<a href="/person/w/sarah-whitfield">Sarah Whitfield</a>');
      expect(html).not.toContain('Nina Castellano');
      expect(html).toContain('<link rel="canonical" href="https://www.example.test/personalities"/>');
    }
    expect(errorLines(await validateHtml([{ name: '/personalities', html: await h.stored('/personalities') }]))).toEqual([]);
  }, 60_000);

  it('fails the render with the retryable error when the persons fetch fails, after logging it; the stored page stays', async () => {
    await h.render('/personalities');
    const before = await h.stored('/personalities');
    await h.sample('POST', '/__sample/faults', { path: '/api/person', mode: 'status', status: 503 });
    await expect(h.render('/personalities')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retry: true });
    expect(h.logLines.some((line) => line.message === 'An error occurred while fetching persons data' && line.level === 'error')).toBe(true);
    expect(await h.stored('/personalities')).toBe(before);
  });

  it('is listed for whole-site publishing with every person page', async () => {
    const upstream = createUpstreamClient({ config: parseUpstreamConfig({ UPSTREAM_BASE_URL: h.upstream.url, UPSTREAM_TIMEOUT_MS: '5000' }), logger: createLogger({ component: 'person-test', level: 'silent' }) });
    const pages = (await listSitePages(upstream, ['news'])).map((page) => page.path);
    expect(pages).toEqual(expect.arrayContaining(['/personalities', '/person/personalities', GRACE, '/person/b/owen-brandt', '/person/w/sarah-whitfield']));
    expect(pages).not.toContain('/person/c/nina-castellano');
  });
});
