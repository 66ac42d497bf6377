/**
 * GET /api/instagram end to end: the edge app through `app.inject()`, a real fs store, and the
 * real sample upstream's Instagram oEmbed on a free port (with its fault switch), plus the
 * sanitiser on hostile markup.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { useLiveEndpointFixture } from '../../tests/support/live-endpoint.js';
import { buildEdgeApp } from '../app.js';
import { instagramPostUrl, sanitizeInstagramHtml } from './live-instagram.js';

const ERROR_TEXT = 'An error occurred while retrieving the Instagram post. It might have been deleted.';
const bodySchema = z.strictObject({ html: z.string() });
const errorSchema = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) });

const POST = 'https://www.instagram.com/p/CsAmple1234/';
const EVIL = 'https://www.instagram.com/p/CsAmpleEvil/';

let upstream: RunningSampleUpstream;
let store: ObjectStore;
const apps: FastifyInstance[] = [];

useLiveEndpointFixture(
  'edge-live-instagram',
  (fixture) => {
    ({ upstream, store } = fixture);
  },
  apps,
);

async function harness(): Promise<{ app: FastifyInstance; calls: URL[]; advance: (ms: number) => void }> {
  const calls: URL[] = [];
  let now = 1_000_000;
  const app = await buildEdgeApp({
    store,
    logger: createLogger({ component: 'edge-router-test', level: 'silent' }),
    defaultSite: 'news',
    liveUpstream: {
      config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }),
      fetchImpl: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === '/api/instagram') calls.push(url);
        return fetch(input, init);
      },
      cache: { now: () => now },
    },
  });
  apps.push(app);
  return { app, calls, advance: (ms) => (now += ms) };
}

const embed = (query: string) => `/api/instagram?${query}`;

/** What must never reach the page from a third party's markup. */
function expectInert(html: string): void {
  expect(html).not.toMatch(/<script|<style|<svg|<img|<iframe|<div|\son\w+=|javascript:|style=/i);
}

describe('GET /api/instagram', () => {
  it('answers the post embed, cut to the blockquote and its links, with the spec defaults forwarded', async () => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: embed(`url=${encodeURIComponent(`${POST}?utm_source=ig_web_copy_link`)}&foo=bar`) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const { html } = bodySchema.parse(response.json());
    expect(html).toBe(
      '<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/CsAmple1234/?utm_source=ig_embed" data-instgrm-version="14" data-instgrm-captioned>' +
        '<a href="https://www.instagram.com/p/CsAmple1234/?utm_source=ig_embed" target="_blank" rel="noopener noreferrer">View this post on Instagram</a>' +
        '<p>Sunrise over the Capitol this morning.</p>' +
        '<p><a href="https://www.instagram.com/p/CsAmple1234/?utm_source=ig_embed" target="_blank" rel="noopener noreferrer">A post shared by @foxnews</a></p>' +
        '</blockquote>',
    );
    expectInert(html);
    // Spec 1 §7 defaults: maxwidth 1400, omitscript true; the URL in canonical form; nothing else.
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({ url: POST, hidecaption: 'false', maxwidth: '1400', omitscript: 'true' });
  });

  it('forwards hidecaption, maxwidth and omitscript, and never passes a script through', async () => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: embed(`url=${encodeURIComponent(POST)}&hidecaption=true&maxwidth=540&omitscript=false`) });
    expect(response.statusCode).toBe(200);
    const { html } = bodySchema.parse(response.json());
    expect(html).not.toContain('Sunrise over the Capitol');
    expect(html).not.toContain('data-instgrm-captioned');
    expectInert(html);
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({ url: POST, hidecaption: 'true', maxwidth: '540', omitscript: 'false' });
  });

  it('strips hostile markup from the oEmbed html', async () => {
    const { app } = await harness();
    const response = await app.inject({ method: 'GET', url: embed(`url=${encodeURIComponent(EVIL)}`) });
    expect(response.statusCode).toBe(200);
    const { html } = bodySchema.parse(response.json());
    expectInert(html);
    expect(html).toContain('caught you');
    // The javascript: link keeps its text, loses its href.
    expect(html).toContain('<a>click</a>');
    expect(html.startsWith('<blockquote class="instagram-media"')).toBe(true);
  });

  it('answers 404 with the spec text for a post Instagram does not have', async () => {
    const { app } = await harness();
    const response = await app.inject({ method: 'GET', url: embed(`url=${encodeURIComponent('https://www.instagram.com/p/GoneGoneGone/')}`) });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(errorSchema.parse(response.json())).toEqual({ error: { code: 'UPSTREAM_NOT_FOUND', message: ERROR_TEXT } });
  });

  it('answers 502 with the spec text when oEmbed fails with nothing cached', async () => {
    const { app } = await harness();
    await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/instagram', mode: 'status', status: 500 } });
    const failed = await app.inject({ method: 'GET', url: embed(`url=${encodeURIComponent(POST)}`) });
    expect(failed.statusCode).toBe(502);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(errorSchema.parse(failed.json())).toEqual({ error: { code: 'UPSTREAM_UNAVAILABLE', message: ERROR_TEXT } });

    await upstream.app.inject({ method: 'DELETE', url: '/__sample/faults' });
    await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/instagram', mode: 'malformed' } });
    const malformed = await app.inject({ method: 'GET', url: embed(`url=${encodeURIComponent(EVIL)}`) });
    expect(errorSchema.parse(malformed.json())).toEqual({ error: { code: 'UPSTREAM_BAD_RESPONSE', message: ERROR_TEXT } });
  });

  it('serves the last good embed, marked stale, when oEmbed fails; coalesces identical requests', async () => {
    const { app, calls, advance } = await harness();
    const url = embed(`url=${encodeURIComponent(POST)}`);
    await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/instagram', mode: 'delay', delayMs: 200, times: 1 } });
    const first = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'GET', url })));
    expect(new Set(first.map((response) => response.body)).size).toBe(1);
    expect(calls).toHaveLength(1);

    await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/instagram', mode: 'status', status: 503 } });
    advance(5 * 60_000 + 1);
    const stale = await app.inject({ method: 'GET', url });
    expect(calls).toHaveLength(2);
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first[0]?.body);
    expect(stale.headers['x-stale']).toBe('1');
    expect(stale.headers['cache-control']).toBe('no-store');

    advance(60 * 60_000);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(502);
  });

  it.each([
    ['', 'url must be an Instagram post such as https://www.instagram.com/p/SHORTCODE/'],
    [`url=${encodeURIComponent('https://evil.example/p/CsAmple1234/')}`, 'url must be an Instagram post such as https://www.instagram.com/p/SHORTCODE/'],
    [`url=${encodeURIComponent('https://www.instagram.com.evil.example/p/CsAmple1234/')}`, 'url must be an Instagram post such as https://www.instagram.com/p/SHORTCODE/'],
    [`url=${encodeURIComponent('https://www.instagram.com/foxnews/')}`, 'url must be an Instagram post such as https://www.instagram.com/p/SHORTCODE/'],
    [`url=${encodeURIComponent('https://www.instagram.com/p/CsAmple1234/../../x')}`, 'url must be an Instagram post such as https://www.instagram.com/p/SHORTCODE/'],
    [`url=${encodeURIComponent('javascript:alert(1)//instagram.com/p/CsAmple1234/')}`, 'url must be an Instagram post such as https://www.instagram.com/p/SHORTCODE/'],
    [`url=${encodeURIComponent(POST)}&url=${encodeURIComponent(POST)}`, 'url may be given once'],
    [`url=${encodeURIComponent(POST)}&hidecaption=yes`, 'hidecaption must be true or false'],
    [`url=${encodeURIComponent(POST)}&omitscript=1`, 'omitscript must be true or false'],
    [`url=${encodeURIComponent(POST)}&maxwidth=319`, 'maxwidth must be an integer from 320 to 1400'],
    [`url=${encodeURIComponent(POST)}&maxwidth=1401`, 'maxwidth must be an integer from 320 to 1400'],
    [`url=${encodeURIComponent(POST)}&maxwidth=wide`, 'maxwidth must be an integer from 320 to 1400'],
  ])('answers 400 INVALID_QUERY for %j', async (query, message) => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: embed(query) });
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json())).toEqual({ error: { code: 'INVALID_QUERY', message } });
    expect(calls).toHaveLength(0);
  });
});

describe('instagram rules', () => {
  it.each([
    ['https://www.instagram.com/p/CsAmple1234/', 'https://www.instagram.com/p/CsAmple1234/'],
    ['https://instagram.com/p/CsAmple1234', 'https://www.instagram.com/p/CsAmple1234/'],
    ['http://www.instagram.com/reel/CsAmple1234/?igsh=x', 'https://www.instagram.com/reel/CsAmple1234/'],
    ['https://www.instagram.com/tv/CsAmple1234/', 'https://www.instagram.com/tv/CsAmple1234/'],
    ['https://www.instagram.com/p/abc/', undefined],
    ['https://www.instagram.com/stories/foxnews/1/', undefined],
    ['https://user@www.instagram.com/p/CsAmple1234/', undefined],
  ])('instagramPostUrl(%j) = %j', (raw, expected) => {
    expect(instagramPostUrl(raw)).toBe(expected);
  });

  it('keeps only the blockquote, its instagram links and the caption text', () => {
    const html =
      '<blockquote class="instagram-media evil" data-instgrm-permalink="https://www.instagram.com/p/X/" data-instgrm-version="14" onmouseover="alert(1)" id="top">' +
      '<a href="https://evil.example/">elsewhere</a><a href="//www.instagram.com/p/X/">protocol-relative</a>' +
      '<style>body{display:none}</style><iframe src="https://evil.example/"></iframe><p>ok<br>fine</p>' +
      '<a href="https://www.instagram.com/p/X/" target="_top">post</a></blockquote><script>alert(1)</script>';
    expect(sanitizeInstagramHtml(html)).toBe(
      '<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/X/" data-instgrm-version="14">' +
        '<a>elsewhere</a><a>protocol-relative</a><p>ok<br />fine</p>' +
        '<a href="https://www.instagram.com/p/X/" target="_blank" rel="noopener noreferrer">post</a></blockquote>',
    );
  });

  it('is empty when no instagram embed survives', () => {
    expect(sanitizeInstagramHtml('<p>hello</p>')).toBe('');
    expect(sanitizeInstagramHtml('<blockquote class="instagram-media" data-instgrm-permalink="https://evil.example/p/X/">x</blockquote>')).toBe('');
    expect(sanitizeInstagramHtml('<blockquote class="twitter-tweet" data-instgrm-permalink="https://www.instagram.com/p/X/">x</blockquote>')).toBe('');
    expect(sanitizeInstagramHtml(`<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/X/">${'a'.repeat(100_001)}</blockquote>`)).toBe('');
  });
});
