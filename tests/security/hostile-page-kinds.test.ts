/**
 * Hostile HTML in the texts of the page kinds beyond articles (RELIABILITY.md, hostile
 * input: HTML fields through every block type and every variant): person descriptions, show
 * descriptions, video descriptions, the live-event dek and the games' card texts. Every payload of
 * hostile-html.corpus.json goes into every text field of one record of each kind, through the
 * sample upstream (its /__sample/ mutation APIs for videos, live events and the games layout; the
 * starter dataset for people and shows, which have none); the real renderer renders each page and
 * every stored variant (standard, AMP, print) is parsed by findLiveMarkup (live script) and
 * findClobbering (DOM clobbering).
 *
 * ADR 0021: the hostile-URL corpus (hostile-urls.json) as a game's frame URL, and the sandbox a
 * game frame gets on another origin and on the site's own.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GAME_LAYOUTS, SAMPLE_GAME_HOST } from '../../infra/sample-upstream/data/games.js';
import { LIVE_EVENTS } from '../../infra/sample-upstream/data/live-events.js';
import { createDataset } from '../../infra/sample-upstream/data/index.js';
import { VIDEOS } from '../../infra/sample-upstream/data/videos.js';
import { pageKey } from '../../core/storage/keys.js';
import { HARNESS_ORIGIN, startRendererHarness, type RendererHarness } from '../support/renderer.js';
import { findClobbering } from './clobbering.js';
import { findLiveMarkup } from './live-markup.js';

const corpus = z
  .array(z.object({ name: z.string(), payload: z.string() }))
  .parse(JSON.parse(readFileSync(new URL('./hostile-html.corpus.json', import.meta.url), 'utf8')));

const hostileUrls = z
  .array(z.object({ name: z.string(), url: z.string() }))
  .parse(JSON.parse(readFileSync(new URL('./hostile-urls.json', import.meta.url), 'utf8')));

const ORIGIN = 'https://www.foxnews.com';
/** A harmless text run through the same fields last: it must show on every page, which proves the fields reach the page. */
const PROBE = { name: 'probe', payload: 'Probe text 7c1d' };
const entries = [...corpus, PROBE];

// People and shows have no mutation API: their hostile records join this harness's own copy of
// the sample's starter dataset.
const dataset = createDataset();
for (const [i, { payload: p }] of entries.entries()) {
  const person = structuredClone(dataset.people[0]);
  if (person) {
    dataset.people.push({
      ...person,
      id: `person-hostile-${i}`,
      personSlug: `hostile-person-${i}`,
      canonicalUrl: `${ORIGIN}/person/h/hostile-person-${i}`,
      name: p,
      title: p,
      metaTitle: p,
      metaDescription: p,
      shortBio: p,
      fullBio: [p, `<p>${p}</p>`, `<p><a href="${p}">${p}</a></p>`],
    });
  }
  const show = structuredClone(dataset.shows[0]);
  if (show) {
    dataset.shows.push({
      ...show,
      id: `hostile-show-${i}`,
      slug: `hostile-show-${i}`,
      show_slug: `hostile-show-${i}`,
      canonicalUrl: `${ORIGIN}/shows/hostile-show-${i}`,
      sortOrder: 1000 + i,
      title: p,
      description: p,
      airtime: p,
      airtimeDays: p,
      hosts: [{ full_name: p, page_url: `${ORIGIN}/person/w/sarah-whitfield` }],
      subNav: [{ label: p, url: '/schedule' }],
    });
  }
}

let h: RendererHarness;

beforeAll(async () => {
  h = await startRendererHarness({ logLevel: 'silent', dataset });
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

/** Replaces every text the games layout shows (titles, deks, button texts, how-to-play) with `p`. */
function hostileGamesLayout(p: string): unknown {
  const layout = structuredClone(GAME_LAYOUTS[0]);
  const texts = new Set(['title', 'dek', 'buttonText', 'metaTitle', 'metaDescription']);
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        if (texts.has(key) && typeof inner === 'string') return [key, p];
        if (key === 'howToPlay' && Array.isArray(inner)) return [key, [p, p]];
        return [key, visit(inner)];
      }),
    );
  };
  return visit(layout);
}

function hostileLiveEvent(i: number, p: string): unknown {
  const base = structuredClone(LIVE_EVENTS['/coverage/election-night']);
  if (!base) throw new Error('the sample has no election-night event');
  const video = base.video ? { ...base.video, title: p, imageAlt: p } : undefined;
  return {
    ...base,
    id: `live-hostile-${i}`,
    title: p,
    description: p,
    eyebrow: p,
    dek: p,
    ...(video ? { video } : {}),
    playlist: (base.playlist ?? []).map((item) => ({ ...item, title: p, imageAlt: p })),
  };
}

async function storedVariants(path: string): Promise<Array<{ key: string; html: string }>> {
  const out: Array<{ key: string; html: string }> = [];
  for await (const key of h.store.list(`news/pages${path}/`)) {
    // Only this page's own files, not pages below it.
    if (key.slice(`news/pages${path}/`.length).includes('/') || !key.endsWith('.html')) continue;
    const object = await h.store.get(key);
    if (object) out.push({ key, html: object.body.toString('utf8') });
  }
  return out;
}

describe('hostile HTML in people, shows, videos, live events and games', () => {
  it('leaves no live script in any stored variant of any of these page kinds', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const rendered = new Map<string, number>();
    const check = async (kind: string, name: string, path: string) => {
      try {
        await h.render(path);
      } catch (error) {
        failures.push(`${name} / ${kind}: render failed: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      const variants = await storedVariants(path);
      if (variants.length === 0) failures.push(`${name} / ${kind}: nothing stored at ${path}`);
      rendered.set(kind, (rendered.get(kind) ?? 0) + variants.length);
      for (const { key, html } of variants) {
        if (name === PROBE.name && !html.includes(PROBE.payload)) failures.push(`probe / ${kind}: the probe text is not on ${key}`);
        const problems = [...findLiveMarkup(html, { amp: key.endsWith('/amp.html') }), ...findClobbering(html)];
        for (const problem of problems) failures.push(`${name} / ${kind} (${key.split('/').pop() ?? ''}): ${problem}`);
      }
    };

    const video = VIDEOS[0];
    expect(video).toBeDefined();
    for (const [i, { name, payload: p }] of entries.entries()) {
      await check('person', name, `/person/h/hostile-person-${i}`);
      await check('show', name, `/shows/hostile-show-${i}`);

      await h.sample('PUT', `/__sample/videos/hostile-video-${i}`, { title: p, description: p, slug: `hostile-video-${i}`, tags: video?.tags ?? [], showVideo: false });
      await check('video', name, `/video/hostile-video-${i}`);

      await h.sample('PUT', `/__sample/live-events?path=/coverage/hostile-live-${i}`, hostileLiveEvent(i, p));
      await check('live-event', name, `/coverage/hostile-live-${i}`);

      // One games layout at a time: its pages are checked before the next payload replaces it.
      await h.sample('PUT', '/__sample/layouts', hostileGamesLayout(p));
      await check('games hub', name, '/games');
      await check('game', name, '/games/daily-crossword-puzzle');
    }

    const distinct = [...new Set(failures)].sort();
    expect(distinct, `${failures.length} problems`).toEqual([]);
    for (const kind of ['person', 'show', 'video', 'live-event', 'games hub', 'game']) {
      expect(rendered.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(corpus.length);
    }
  });
});

describe('game frames from a hostile upstream (ADR 0021)', () => {
  let g: RendererHarness;

  beforeAll(async () => {
    // Its own harness: the skip log lines are part of what is asserted.
    g = await startRendererHarness({ logLevel: 'warn' });
  }, 120_000);

  afterAll(async () => {
    await g?.stop();
  });

  const GAME_ID = 'trivia-challenge';
  const GAME_PATH = `/games/${GAME_ID}`;

  /** The sample games layout with this game's frame URL replaced. */
  function layoutWithFrame(buttonUrl: string): unknown {
    const layout = structuredClone(GAME_LAYOUTS[0]);
    if (layout === undefined) throw new Error('the sample has no games layout');
    const games = (layout.main ?? []).find((component) => component.type === 'games');
    const items = (games?.model as { items?: Array<{ elementId: string; buttonUrl: string }> } | undefined)?.items ?? [];
    const game = items.find((item) => item.elementId === GAME_ID);
    if (game === undefined) throw new Error(`the sample has no game ${GAME_ID}`);
    game.buttonUrl = buttonUrl;
    return layout;
  }

  const frameOf = (html: string) => /<iframe\b[^>]*class="game-frame[^"]*"[^>]*>/.exec(html)?.[0] ?? '';
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

  it('refuses each hostile frame URL: no game page is written and the URL is logged as a skip', { timeout: 120_000 }, async () => {
    expect(await g.store.get(pageKey('news', GAME_PATH, 'standard'))).toBeNull();
    for (const { name, url } of hostileUrls) {
      await g.sample('PUT', '/__sample/layouts', layoutWithFrame(url));
      const outcome = await g.render(GAME_PATH);
      expect(outcome, name).toMatchObject({ kind: 'not-found', written: [] });
      expect(await g.store.get(pageKey('news', GAME_PATH, 'standard')), name).toBeNull();
      const skips = g.logLines.flatMap((line) => {
        const skip = line.skip as { use: string; value: string } | undefined;
        return skip?.use === 'game-frame' ? [skip.value] : [];
      });
      expect(skips, name).toContain(url);
    }
  });

  it('sandboxes a game on its vendor origin with scripts and its own origin, and one on the site origin without allow-same-origin', async () => {
    const base = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-pointer-lock';
    for (const [src, sandbox] of [
      [`${SAMPLE_GAME_HOST}/embed/${GAME_ID}`, 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-pointer-lock'],
      [`/games/embed/${GAME_ID}`, base],
      [`${HARNESS_ORIGIN}/games/embed/${GAME_ID}`, base],
    ] as const) {
      await g.sample('PUT', '/__sample/layouts', layoutWithFrame(src));
      await g.render(GAME_PATH);
      const html = await g.stored(GAME_PATH);
      const frame = frameOf(html);
      expect(attribute(frame, 'src'), src).toBe(src);
      expect(attribute(frame, 'sandbox'), src).toBe(sandbox);
      expect(attribute(frame, 'allow'), src).toBe('fullscreen');
      expect(findLiveMarkup(html, { amp: false }), src).toEqual([]);
    }
  });
});

