/**
 * Shows pages (spec 2 §2, §8) rendered through the real pipeline from the sample
 * upstream: the list, a show page with banner, sub-navigation, hosts and TVSeries data, the 301
 * record off the canonical path (none when the path contains "video"), and nothing written for a
 * missing, unpublished or failing show. Every stored page passes the HTML checker.
 */
import { describe, expect, it } from 'vitest';
import { dataKeys } from '../../core/upstream/data-keys.js';
import { errorLines, pageDocuments, validateHtml } from '../support/html-validator.js';
import { useRendererHarness, type RendererHarness } from '../support/renderer.js';

let h: RendererHarness;

useRendererHarness((started) => (h = started));

/** Pages to check in one validator run at the end (the checker starts a JVM). */
const documents: string[] = [];
function expectValid(html: string) {
  documents.push(html);
}

describe('shows pages', () => {
  it('lists published shows with 268x402 posters linking to their pages', async () => {
    const outcome = await h.render('/shows');
    expect(outcome.kind).toBe('shows');
    const html = await h.stored('/shows');
    expect(html).toContain('<h1>Shows</h1>');
    expect(html).toContain('href="/shows/weekend-watch"');
    expect(html).toContain('width="268" height="402"');
    expect(html).not.toContain('Late Night (draft)');
    expectValid(html);
    expect(await h.index.keysOf({ site: 'news', path: '/shows' })).toContain(dataKeys.showList());
  });

  it('renders a show page with banner, labelled sub-navigation, hosts and TVSeries data', async () => {
    const outcome = await h.render('/shows/the-evening-report');
    expect(outcome.kind).toBe('show');
    const html = await h.stored('/shows/the-evening-report');
    expect(html).toContain('<h1 class="show-title">The Evening Report</h1>');
    expect(html).toContain('class="show-banner-background"');
    expect(html).toContain('class="show-logo"');
    expect(html).toContain('<nav class="show-subnav" aria-label="The Evening Report navigation">');
    expect(html).toContain('<a href="/video/shows/the-evening-report">Episodes</a>');
    expect(html).toContain('<a href="/person/w/sarah-whitfield">Sarah Whitfield</a>');
    expect(html).toContain('"@type":"TVSeries"');
    expect(html).toContain('width="196" height="294"');
    expect(html).toContain('<link rel="canonical" href="https://www.example.test/shows/the-evening-report"');
    expect(await h.index.keysOf({ site: 'news', path: '/shows/the-evening-report' })).toEqual(expect.arrayContaining([dataKeys.show('the-evening-report'), dataKeys.layout('show', 'the-evening-report')]));
    expectValid(html);
  });

  it('stores a 301 record when the path differs from the canonical path', async () => {
    const outcome = await h.render('/shows/1004');
    expect(outcome.kind).toBe('redirect');
    expect(JSON.parse(await h.stored('/shows/1004', 'redirect'))).toEqual({ location: '/shows/weekend-watch', status: 301 });
  });

  it('renders in place when the path contains video', async () => {
    const outcome = await h.render('/shows/video-vault');
    expect(outcome.kind).toBe('show');
    await expect(h.stored('/shows/video-vault', 'redirect')).rejects.toThrow();
    expectValid(await h.stored('/shows/video-vault'));
  });

  it('writes nothing for a missing or unpublished show (the stored 404 page answers)', async () => {
    for (const path of ['/shows/no-such-show', '/shows/late-night-draft']) {
      const outcome = await h.render(path);
      expect(outcome).toEqual({ kind: 'not-found', written: [], unchanged: [] });
      await expect(h.stored(path)).rejects.toThrow();
    }
    // The missing show's key is recorded, so publishing it later renders the page.
    expect(await h.index.keysOf({ site: 'news', path: '/shows/no-such-show' })).toContain('show:no-such-show');
  });

  it('logs a show or shows-list fetch failure and fails the render with the retryable error; the stored pages stay (ADR 0024)', async () => {
    await h.render('/shows/morning-desk');
    await h.render('/shows');
    const before = { show: await h.stored('/shows/morning-desk'), list: await h.stored('/shows') };
    await h.sample('POST', '/__sample/faults', { path: '/api/shows', mode: 'status', status: 500 });
    const show = h.render('/shows/morning-desk');
    const list = h.render('/shows');
    await expect(show).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retry: true });
    await expect(list).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retry: true });
    await h.sample('DELETE', '/__sample/faults');
    expect(h.logLines.some((line) => line.message === 'show fetch failed')).toBe(true);
    expect(h.logLines.some((line) => line.message === 'shows fetch failed')).toBe(true);
    expect({ show: await h.stored('/shows/morning-desk'), list: await h.stored('/shows') }).toEqual(before);
  });

  it('stores only valid HTML', { timeout: 120_000 }, async () => {
    expect(documents.length).toBe(3);
    expect(errorLines(await validateHtml(pageDocuments(documents)))).toEqual([]);
  });
});
