import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SITES } from '../../../core/isomorphic/sites.js';
import { renderDocument } from '../../shared/render-html.js';
import type { HeadModel, ShellModel } from '../../shared/view-model.js';
import { RECOMMENDED_SLIDESHOWS, SHARE_CHANNELS, SLIDESHOW_CATEGORY_URL, SLIDESHOW_TEXTS_BY_SITE, SlideshowPage, pickRecommended, slideCounterText } from './slideshow-page.js';
import type { SlideshowPageProps, SlideshowSummary } from './variant-props.js';

const head: HeadModel = {
  title: 'Spring in the parks | Fox News',
  description: 'Photos of spring.',
  canonicalUrl: 'https://www.example.com/lifestyle/spring-in-the-parks',
  robots: 'index, follow, max-image-preview:large, max-video-preview:-1',
  twitterCard: 'summary_large_image',
  ogType: 'article',
};

const shell: ShellModel = {
  site: SITES.news,
  menus: { header: [], more: [], mobile: [], topics: [] },
  legalLinks: [],
  year: 2025,
  scripts: [],
};

const related = (n: number): SlideshowSummary => ({ title: `Slideshow ${n}`, url: `/lifestyle/slideshow-${n}`, imageUrl: `https://img.example.com/s${n}.jpg` });

function props(overrides: Partial<SlideshowPageProps> = {}): SlideshowPageProps {
  return {
    head,
    shell,
    bodyClass: 'page-article layout-slideshow section-lifestyle',
    slideshow: {
      title: 'Spring in the parks',
      dek: 'Blossoms across the country.',
      url: 'https://www.example.com/lifestyle/spring-in-the-parks',
      shareUrl: head.canonicalUrl,
      items: [
        { imageId: 'img-1', imageUrl: 'https://img.example.com/931/524/a.jpg', thumbUrl: 'https://img.example.com/227/128/a.jpg', alt: 'Cherry trees', caption: 'Cherry trees in bloom.', copyright: 'Photo Agency' },
        { imageId: 'img-2', imageUrl: 'https://img.example.com/931/524/b.jpg', caption: 'Tulips <b>in</b> a row.', copyright: ' ' },
        { imageId: 'img-3', imageUrl: 'https://img.example.com/931/524/c.jpg', sourceTitle: 'Reuters' },
      ],
    },
    recommended: [related(1), { title: 'Spring in the parks', url: '/lifestyle/spring-in-the-parks' }, related(2), related(3), related(4), related(5)],
    ...overrides,
  };
}

function render(p: SlideshowPageProps): string {
  return renderDocument(createElement(SlideshowPage, p)).replaceAll('<!-- -->', '');
}

describe('pickRecommended (spec 1 §9: request 6, show 5 excluding the current one)', () => {
  const six = [related(1), related(2), related(3), related(4), related(5), related(6)];

  it('requests 6 and shows 5', () => {
    expect(RECOMMENDED_SLIDESHOWS).toEqual({ request: 6, show: 5 });
    expect(pickRecommended(six, '/lifestyle/other').map((s) => s.title)).toEqual(['Slideshow 1', 'Slideshow 2', 'Slideshow 3', 'Slideshow 4', 'Slideshow 5']);
  });

  it('drops the current slideshow, matching an absolute URL against a path', () => {
    expect(pickRecommended(six, 'https://www.example.com/lifestyle/slideshow-2/').map((s) => s.title)).toEqual([
      'Slideshow 1',
      'Slideshow 3',
      'Slideshow 4',
      'Slideshow 5',
      'Slideshow 6',
    ]);
  });

  it('shows fewer when fewer exist', () => {
    expect(pickRecommended([related(1)], '/lifestyle/slideshow-1')).toEqual([]);
    expect(pickRecommended([], '/x')).toEqual([]);
  });
});

describe('SlideshowPage (spec 1 §2.6 slideshow page)', () => {
  const html = render(props());

  it('uses the standard document shell', () => {
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(html).toContain('<title>Spring in the parks | Fox News</title>');
    expect(html).toContain('<body class="page-article layout-slideshow section-lifestyle">');
    expect(html).toContain('<header class="site-header">');
  });

  it('marks the slideshow root for the island: first slide from the hash', () => {
    expect(html).toMatch(/<section class="slideshow"[^>]* data-slideshow="" data-view="filmstrip" data-image-count="3" data-slide-count="5"/);
  });

  it('counts images as "Image 0 of N", starting at the intro', () => {
    expect(slideCounterText(0, 3)).toBe('Image 0 of 3');
    expect(slideCounterText(2, 12)).toBe('Image 2 of 12');
    expect(html).toContain('<p class="slideshow-counter" data-slideshow-counter="" aria-live="polite">Image 0 of 3</p>');
  });

  it('toggles between Filmstrip View and Thumbnail View', () => {
    expect(html).toContain('<button type="button" data-view-toggle="filmstrip" aria-pressed="true">Filmstrip View</button>');
    expect(html).toContain('<button type="button" data-view-toggle="thumbnail" aria-pressed="false">Thumbnail View</button>');
    expect(html).toMatch(/<nav class="slideshow-thumbnails" aria-label="Thumbnail View" data-thumbnails="" hidden="">/);
    expect(html).toContain('<a href="#slide-1" data-slide-index="1"><img src="https://img.example.com/227/128/a.jpg" alt="Cherry trees" width="227" height="128"');
  });

  it('renders the intro slide with title and dek', () => {
    expect(html).toContain('<li class="slide slide-intro" id="slide-0" data-slide-index="0" data-active="true"><h1 class="headline">Spring in the parks</h1><p class="dek">Blossoms across the country.</p></li>');
  });

  it('renders image slides at 931x524 with alt, caption and copyright', () => {
    expect(html).toContain('<img src="https://img.example.com/931/524/a.jpg" alt="Cherry trees" width="931" height="524" loading="eager"');
    expect(html).toContain('<span class="caption">Cherry trees in bloom.</span><span class="copyright">Photo Agency</span>');
    // Alt falls back to the caption (spec 1 §3); captions are text, so markup in them is escaped.
    expect(html).toContain('alt="Tulips &lt;b&gt;in&lt;/b&gt; a row." width="931" height="524" loading="lazy"');
    expect(html).toContain('<span class="caption">Tulips &lt;b&gt;in&lt;/b&gt; a row.</span></figcaption>');
    const slides = html.slice(html.indexOf('<ol class="slides filmstrip">'), html.indexOf('<nav class="slideshow-thumbnails"'));
    expect(slides.match(/class="copyright"/g)).toHaveLength(1); // the single-space copyright is blank
    expect(html).toContain('<span class="source">Reuters</span>');
  });

  it('renders the outro slide with Start Over, Share Slideshow and See More Slideshows', () => {
    const outro = html.slice(html.indexOf('<li class="slide slide-outro" id="slide-4" data-slide-index="4">'));
    expect(outro).toContain('<button type="button" data-action="start-over">Start Over</button>');
    expect(outro).toContain('<button type="button" data-action="share" aria-haspopup="dialog" aria-controls="slideshow-share">Share Slideshow</button>');
    expect(SLIDESHOW_CATEGORY_URL).toBe('/category/slideshow');
    expect(outro).toContain('<a class="button" href="/category/slideshow" data-action="see-more">See More Slideshows</a>');
  });

  it('renders the share dialog closed, with both scopes and the four channels', () => {
    const dialog = html.slice(html.indexOf('<dialog'), html.indexOf('</dialog>'));
    expect(dialog).toMatch(/^<dialog class="share-dialog" id="slideshow-share" aria-labelledby="slideshow-share-title">/);
    expect(dialog).not.toMatch(/<dialog[^>]* open/);
    expect(dialog).toContain('<h2 id="slideshow-share-title">Share this Slideshow</h2>');
    expect(dialog).toContain('value="slide"/> share this slide</label>');
    expect(dialog).toContain('<input type="radio" name="slideshow-share-scope" checked="" value="slideshow"/> share entire slideshow</label>');
    expect(SHARE_CHANNELS).toEqual(['Facebook', 'Twitter', 'Email', 'Link']);
    expect([...dialog.matchAll(/data-share-channel="[a-z]+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual(['Facebook', 'Twitter', 'Email', 'Link']);
    const url = encodeURIComponent('https://www.example.com/lifestyle/spring-in-the-parks');
    expect(dialog).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${url}"`);
    expect(dialog).toContain(`<a href="mailto:?subject=Spring%20in%20the%20parks&amp;body=${url}" data-share-channel="email">Email</a>`);
    expect(dialog).toContain(`href="https://twitter.com/intent/tweet?url=${url}&amp;text=Spring%20in%20the%20parks" data-share-channel="twitter" target="_blank" rel="noopener noreferrer"`);
  });

  it('has a skippable pre-roll ad area, hidden until the ad island fills it', () => {
    expect(html).toMatch(/<div class="slideshow-preroll" data-slideshow-preroll="" data-skippable="true" hidden=""><span class="ad-label">Advertisement<\/span>/);
    expect(html).toContain('<button type="button" data-action="skip-preroll">Skip Ad</button>');
  });

  it('shows 5 "Recommended" slideshows from the list, without the current one', () => {
    const section = html.slice(html.indexOf('<section class="recommended-slideshows"'));
    expect(section).toContain('<h2 id="recommended-slideshows-title">Recommended</h2>');
    expect([...section.matchAll(/<span class="title">([^<]+)<\/span>/g)].map((m) => m[1])).toEqual([
      'Slideshow 1',
      'Slideshow 2',
      'Slideshow 3',
      'Slideshow 4',
      'Slideshow 5',
    ]);
    expect(section).toContain('<a href="/lifestyle/slideshow-1"><img src="https://img.example.com/s1.jpg" alt="" width="227" height="128"');
    expect(render(props({ recommended: [] }))).not.toContain('<section class="recommended-slideshows"');
  });

  it('is deterministic', () => {
    expect(render(props())).toBe(html);
  });
});

describe('SlideshowPage on the Spanish edition (ADR 0019)', () => {
  const es = render(props({ shell: { ...shell, site: SITES.es } }));

  it('passes the page\'s site to the island, whose hydration then keeps the same texts', () => {
    expect(es).toMatch(/<script type="application\/json" id="island-props-[\w-]+">\{[^<]*"site":"es"\}<\/script>/);
    expect(render(props())).toMatch(/<script type="application\/json" id="island-props-[\w-]+">\{[^<]*"site":"news"\}<\/script>/);
  });

  it('renders the slideshow and the Recommended heading in Spanish', () => {
    expect(es.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(es).toContain('<p class="slideshow-counter" data-slideshow-counter="" aria-live="polite">Imagen 0 de 3</p>');
    expect(es).toContain('<button type="button" data-view-toggle="filmstrip" aria-pressed="true">Vista de tira</button>');
    expect(es).toContain('<button type="button" data-action="start-over">Volver a empezar</button>');
    expect(es).toContain('<h2 id="slideshow-share-title">Compartir esta galería</h2>');
    expect(es).toContain('<span class="ad-label">Publicidad</span>');
    expect(es).toContain('<h2 id="recommended-slideshows-title">Recomendadas</h2>');
    expect(SLIDESHOW_TEXTS_BY_SITE.es.recommended).toBe('Recomendadas');
    for (const english of ['Image 0 of', 'Filmstrip View', 'Thumbnail View', 'Start Over', 'Share Slideshow', 'See More Slideshows', 'Share this Slideshow', '>Recommended<', '>Close<', '>Advertisement<', 'Skip Ad', 'aria-label="View"']) {
      expect(es, english).not.toContain(english);
    }
  });
});
