import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { IslandPropsError } from '../island-props.js';
import {
  SHARE_CHANNELS,
  SLIDESHOW_TEXTS,
  SLIDESHOW_TEXTS_BY_SITE,
  Slideshow,
  parseSlideshowProps,
  slideCounterText,
  type SlideshowProps,
} from './slideshow.island.js';

const base = {
  title: 'Primavera en los parques',
  shareUrl: 'https://www.example.com/lifestyle/spring',
  slides: [
    { imageId: 'a', imageUrl: 'https://img.example.com/a.jpg', alt: 'Cerezos' },
    { imageId: 'b', imageUrl: 'https://img.example.com/b.jpg', alt: 'Tulipanes' },
  ],
  slideSize: { width: 931, height: 524 },
  thumbSize: { width: 227, height: 128 },
} satisfies SlideshowProps;

/** The server render as a reader reads it (React separates adjacent text with comments). */
function render(props: SlideshowProps): string {
  return renderToString(<Slideshow {...props} />).replaceAll('<!-- -->', '');
}

/** Every text a reader sees or hears: text nodes, plus aria-label and aria-roledescription values. */
function readerTexts(html: string): Set<string> {
  const nodes = [...html.matchAll(/>([^<]+)</g)].map((match) => (match[1] ?? '').trim());
  const attributes = [...html.matchAll(/ aria-(?:label|roledescription)="([^"]*)"/g)].map((match) => (match[1] ?? '').trim());
  return new Set([...nodes, ...attributes].filter((text) => text !== ''));
}

/** The news edition's strings (spec 1 §2.6), each as the reader meets it. */
const ENGLISH = [
  'Start Over',
  'Share Slideshow',
  'See More Slideshows',
  'Filmstrip View',
  'Thumbnail View',
  'Share this Slideshow',
  'share this slide',
  'share entire slideshow',
  'Close',
  'View',
  'slideshow',
  'Advertisement',
  'Skip Ad',
  'Email',
  'Link',
  'Image 0 of 2',
];

describe('Slideshow texts per edition', () => {
  it('keeps the spec\'s exact English strings for news, and SLIDESHOW_TEXTS as its alias', () => {
    expect(SLIDESHOW_TEXTS).toBe(SLIDESHOW_TEXTS_BY_SITE.news);
    expect(SLIDESHOW_TEXTS).toMatchObject({
      startOver: 'Start Over',
      shareSlideshow: 'Share Slideshow',
      seeMore: 'See More Slideshows',
      filmstripView: 'Filmstrip View',
      thumbnailView: 'Thumbnail View',
      shareTitle: 'Share this Slideshow',
      shareThisSlide: 'share this slide',
      shareEntire: 'share entire slideshow',
      recommended: 'Recommended',
      previous: 'Previous',
      next: 'Next',
      close: 'Close',
      viewToggle: 'View',
      advertisement: 'Advertisement',
      skipAd: 'Skip Ad',
    });
  });

  it('takes the texts the site already has per edition from core/isomorphic/ui-text.ts', () => {
    for (const site of ['news', 'es'] as const) {
      expect(SLIDESHOW_TEXTS_BY_SITE[site].close).toBe(uiText(site).close);
      expect(SLIDESHOW_TEXTS_BY_SITE[site].advertisement).toBe(uiText(site).advertisement);
    }
  });

  it('counts "Image N of M" on news and "Imagen N de M" on es; news by default', () => {
    expect(slideCounterText(0, 3)).toBe('Image 0 of 3');
    expect(slideCounterText(2, 12, 'news')).toBe('Image 2 of 12');
    expect(slideCounterText(0, 3, 'es')).toBe('Imagen 0 de 3');
    expect(slideCounterText(2, 12, 'es')).toBe('Imagen 2 de 12');
  });

  it('has a Spanish text for every key, none of them the English one (except brand names)', () => {
    const { news, es } = SLIDESHOW_TEXTS_BY_SITE;
    for (const key of Object.keys(news) as (keyof typeof news)[]) {
      if (key === 'channels' || key === 'counter') continue;
      expect(es[key], key).not.toBe(news[key]);
    }
    expect(es.channels.Email).not.toBe(news.channels.Email);
    expect(es.channels.Link).not.toBe(news.channels.Link);
  });
});

describe('parseSlideshowProps: the site prop', () => {
  it('accepts a site id and leaves it out when absent', () => {
    expect(parseSlideshowProps({ ...base, site: 'es' }).site).toBe('es');
    expect(parseSlideshowProps({ ...base, site: 'news' }).site).toBe('news');
    expect(parseSlideshowProps(base)).not.toHaveProperty('site');
  });

  it('refuses anything that is not a site id', () => {
    for (const site of ['fr', 'ES', '', 1, null, ['es'], { id: 'es' }]) {
      expect(() => parseSlideshowProps({ ...base, site }), JSON.stringify(site)).toThrow(IslandPropsError);
    }
  });
});

describe('Slideshow server render per edition', () => {
  const news = render(base);
  const es = render({ ...base, site: 'es' });

  it('renders the news edition without a site, unchanged', () => {
    expect(render({ ...base, site: 'news' })).toBe(news);
    expect(news).toContain('aria-roledescription="slideshow"');
    expect(news).toContain('<p class="slideshow-counter" data-slideshow-counter="" aria-live="polite">Image 0 of 2</p>');
    expect(news).toContain('<div class="view-toggle" role="group" aria-label="View">');
    expect(news).toContain('<span class="ad-label">Advertisement</span>');
    expect(news).toContain('<button type="button" data-action="skip-preroll">Skip Ad</button>');
    expect(news).toContain('<button type="button" data-action="start-over">Start Over</button>');
    expect(news).toContain('<h2 id="slideshow-share-title">Share this Slideshow</h2>');
    expect(news).toContain('<button type="submit">Close</button>');
    expect([...news.matchAll(/data-share-channel="[a-z]+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual([...SHARE_CHANNELS]);
    const texts = readerTexts(news);
    expect(ENGLISH.filter((text) => !texts.has(text))).toEqual([]);
  });

  it('renders the Spanish edition\'s texts on the server for site es', () => {
    expect(es).toContain('aria-roledescription="galería"');
    expect(es).toContain('<p class="slideshow-counter" data-slideshow-counter="" aria-live="polite">Imagen 0 de 2</p>');
    expect(es).toContain('<div class="view-toggle" role="group" aria-label="Vista">');
    expect(es).toContain('<button type="button" data-view-toggle="filmstrip" aria-pressed="true">Vista de tira</button>');
    expect(es).toContain('<button type="button" data-view-toggle="thumbnail" aria-pressed="false">Vista de miniaturas</button>');
    expect(es).toContain('<nav class="slideshow-thumbnails" aria-label="Vista de miniaturas"');
    expect(es).toContain('<span class="ad-label">Publicidad</span>');
    expect(es).toContain('<button type="button" data-action="skip-preroll">Omitir anuncio</button>');
    expect(es).toContain('<button type="button" data-action="start-over">Volver a empezar</button>');
    expect(es).toContain('aria-controls="slideshow-share">Compartir galería</button>');
    expect(es).toContain('data-action="see-more">Ver más galerías</a>');
    expect(es).toContain('<h2 id="slideshow-share-title">Compartir esta galería</h2>');
    expect(es).toContain('value="slide"/> compartir esta imagen</label>');
    expect(es).toContain('value="slideshow"/> compartir toda la galería</label>');
    expect(es).toContain('<button type="submit">Cerrar</button>');
    expect([...es.matchAll(/data-share-channel="[a-z]+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual(['Facebook', 'Twitter', 'Correo electrónico', 'Enlace']);
    // The channels' data attributes (what scripts and tests select on) stay the same.
    expect([...es.matchAll(/data-share-channel="([a-z]+)"/g)].map((m) => m[1])).toEqual(['facebook', 'twitter', 'email', 'link']);
    // No English string left for the reader.
    const texts = readerTexts(es);
    expect(ENGLISH.filter((text) => texts.has(text))).toEqual([]);
  });

  it('is deterministic per edition', () => {
    expect(render({ ...base, site: 'es' })).toBe(es);
  });
});
