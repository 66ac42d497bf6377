/**
 * The visible 404 page (spec 1 §2.2): its texts, "Go to Home", and the "Latest Videos" list with
 * "See All" to the latest-news video topic, shown with videos and hidden without.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXTS } from '../../core/isomorphic/constants.js';
import { SITES } from '../../core/isomorphic/sites.js';
import { buildHead } from '../shared/shell.js';
import type { Link, ShellModel } from '../shared/view-model.js';
import { LATEST_NEWS_VIDEO_TOPIC, NotFoundPage } from './not-found-page.js';

const shell: ShellModel = {
  site: SITES.news,
  menus: { header: [], more: [], mobile: [], topics: [] },
  legalLinks: [],
  year: 2026,
  scripts: [],
};
const head = buildHead({ site: SITES.news, title: NOT_FOUND_TEXTS.loadingLayer, description: "It seems you've stumbled upon our 404 page.", canonicalUrl: 'https://www.example.test/', noIndex: true });

function render(latestVideos: Link[]): string {
  return renderToString(<NotFoundPage model={{ head, shell, view: { latestVideos } }} />)
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'");
}

describe('NotFoundPage', () => {
  it('shows the texts and the "Go to Home" link', () => {
    const html = render([]);
    expect(html).toContain('<h1>Something has gone wrong…</h1>');
    expect(html).toContain("<p>It seems you've stumbled upon our 404 page.</p>");
    expect(html).toContain('<a href="/">Go to Home</a>');
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it('lists the latest videos with "See All" to the latest-news video topic', () => {
    const html = render([
      { name: 'Storm moves up the coast', url: '/video/6370000000001' },
      { name: 'Senate vote explained', url: '/video/6370000000002' },
    ]);
    expect(LATEST_NEWS_VIDEO_TOPIC).toBe('/video/topics/latest-news');
    expect(html).toContain('<h2 id="latest-videos">Latest Videos</h2>');
    expect(html).toContain('<a href="/video/6370000000001"><span class="video-title">Storm moves up the coast</span></a>');
    expect(html).toContain('<a href="/video/6370000000002"><span class="video-title">Senate vote explained</span></a>');
    expect(html).toContain('<a href="/video/topics/latest-news">See All</a>');
  });

  it('hides the list and "See All" when no videos load', () => {
    const html = render([]);
    expect(html).not.toContain('Latest Videos');
    expect(html).not.toContain('See All');
    expect(html).not.toContain(LATEST_NEWS_VIDEO_TOPIC);
  });
});
