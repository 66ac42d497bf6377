/**
 * The slideshow (spec 1 §2.6 "Slideshow page"): intro, image and outro slides, the "Image N of M"
 * counter, previous/next, the Filmstrip/Thumbnail toggle, Start Over, the "Share this Slideshow"
 * dialog with its scopes and channels, and the first slide taken from the URL hash (`#slide-{i}`,
 * 0 the intro, imageCount + 1 the outro; the ids the server renders on each slide).
 *
 * Progressive enhancement: the server render (and a reader without script) is every slide in
 * order, with anchors to `#slide-{i}` for previous/next and the thumbnails, so the page reads and
 * navigates without the bundle. Once hydrated, an effect reads the hash and switches to one slide
 * at a time (`data-enhanced`); nothing in the server render depends on the clock or the hash, so
 * the stored page stays deterministic and hydration matches it.
 *
 * The share dialog is the native <dialog> opened with showModal(): focus moves into it, Escape
 * closes it, and on close focus goes back to the button that opened it.
 *
 * Its texts are the edition's (SLIDESHOW_TEXTS_BY_SITE), from a validated `site` prop that the
 * server render and the hydration share; without one, the news edition's.
 */
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { IslandPropsError, type JsonObject } from '../island-props.js';
import { isRecord } from '../../core/isomorphic/guards.js';
import { hasSafeUrlStart } from '../../core/isomorphic/safe-url.js';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';

/** Share channels, in the spec's order (spec 1 §2.6). */
export const SHARE_CHANNELS = ['Facebook', 'Twitter', 'Email', 'Link'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/**
 * What the reader reads and hears in the slideshow, per edition. Kept in the island (not
 * core/isomorphic/ui-text.ts): only this chunk needs them; the few the site already has per
 * edition (Advertisement, Close) are taken from there, not written twice.
 */
export interface SlideshowTexts {
  startOver: string;
  shareSlideshow: string;
  seeMore: string;
  filmstripView: string;
  thumbnailView: string;
  shareTitle: string;
  shareThisSlide: string;
  shareEntire: string;
  recommended: string;
  previous: string;
  next: string;
  close: string;
  /** The Filmstrip/Thumbnail toggle group's accessible name. */
  viewToggle: string;
  /** The section's aria-roledescription (what a screen reader calls the widget). */
  roleDescription: string;
  /** The pre-roll's label and its skip button. */
  advertisement: string;
  skipAd: string;
  /** The share dialog's channel labels (the channels themselves are SHARE_CHANNELS). */
  channels: Readonly<Record<ShareChannel, string>>;
  /** The counter (spec 1 §2.6): "Image 0 of N"; 0 is the intro slide. */
  counter: (index: number, imageCount: number) => string;
}

/** Spec 1 §2.6 slideshow texts (news: the spec's exact strings); render-workers/article/page/slideshow-page.tsx re-exports them. */
export const SLIDESHOW_TEXTS_BY_SITE: Readonly<Record<SiteId, SlideshowTexts>> = {
  news: {
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
    close: uiText('news').close,
    viewToggle: 'View',
    roleDescription: 'slideshow',
    advertisement: uiText('news').advertisement,
    skipAd: 'Skip Ad',
    channels: { Facebook: 'Facebook', Twitter: 'Twitter', Email: 'Email', Link: 'Link' },
    counter: (index, imageCount) => `Image ${index} of ${imageCount}`,
  },
  es: {
    startOver: 'Volver a empezar',
    shareSlideshow: 'Compartir galería',
    seeMore: 'Ver más galerías',
    filmstripView: 'Vista de tira',
    thumbnailView: 'Vista de miniaturas',
    shareTitle: 'Compartir esta galería',
    shareThisSlide: 'compartir esta imagen',
    shareEntire: 'compartir toda la galería',
    recommended: 'Recomendadas',
    previous: 'Anterior',
    next: 'Siguiente',
    close: uiText('es').close,
    viewToggle: 'Vista',
    roleDescription: 'galería',
    advertisement: uiText('es').advertisement,
    skipAd: 'Omitir anuncio',
    channels: { Facebook: 'Facebook', Twitter: 'Twitter', Email: 'Correo electrónico', Link: 'Enlace' },
    counter: (index, imageCount) => `Imagen ${index} de ${imageCount}`,
  },
};

/** The news edition's texts. */
export const SLIDESHOW_TEXTS: SlideshowTexts = SLIDESHOW_TEXTS_BY_SITE.news;

/** "See More Slideshows" goes to the slideshow category (spec 1 §2.6 link targets). */
export const SLIDESHOW_CATEGORY_URL = '/category/slideshow';

/** The counter text (spec 1 §2.6): "Image 0 of N" ("Imagen 0 de N" on es); 0 is the intro slide. */
export function slideCounterText(index: number, imageCount: number, site: SiteId = 'news'): string {
  return SLIDESHOW_TEXTS_BY_SITE[site].counter(index, imageCount);
}

/** The hash of slide `index` (the ids of the server-rendered slides). */
export function slideHash(index: number): string {
  return `#slide-${index}`;
}

/** The slide a hash names, clamped to the slides that exist; 0 (the intro) for anything else. */
export function slideFromHash(hash: string, slideCount: number): number {
  const match = /^#slide-(\d{1,4})$/.exec(hash);
  if (match === null) return 0;
  return Math.min(Number(match[1]), slideCount - 1);
}

/** Share links for a URL and title, by channel (the Link channel is the URL itself). */
export function shareHrefs(url: string, title: string): Record<ShareChannel, string> {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    Facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    Twitter: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
    Email: `mailto:?subject=${t}&body=${u}`,
    Link: url,
  };
}

export type SlideshowSlide = {
  imageId: string;
  /** Already sized by the image service (931x524, spec 1 §9). */
  imageUrl: string;
  thumbUrl?: string;
  alt: string;
  caption?: string;
  /** Blank copyrights (a single space) are dropped before they get here (spec 1 §3). */
  copyright?: string;
  sourceTitle?: string;
};

export type SlideshowProps = {
  title: string;
  dek?: string;
  /** Absolute URL the dialog shares. */
  shareUrl: string;
  slides: SlideshowSlide[];
  /** Slide size (spec 1 §9 slideshow 931x524) and thumbnail size. */
  slideSize: { width: number; height: number };
  thumbSize: { width: number; height: number };
  /** The edition, whose language the texts are in. Default news. */
  site?: SiteId;
};

function str(record: Record<string, unknown>, key: string, required: true): string;
function str(record: Record<string, unknown>, key: string, required?: false): string | undefined;
function str(record: Record<string, unknown>, key: string, required = false): string | undefined {
  const value = record[key];
  if (typeof value === 'string') return value;
  if (value === undefined && !required) return undefined;
  throw new IslandPropsError(`Slideshow ${key} must be a string`);
}

function size(value: unknown, name: string): { width: number; height: number } {
  if (!isRecord(value) || typeof value.width !== 'number' || typeof value.height !== 'number') {
    throw new IslandPropsError(`Slideshow ${name} must be { width, height }`);
  }
  return { width: value.width, height: value.height };
}

/** Only site-relative or http(s) URLs may become an src or href. */
export function parseSlideshowProps(props: JsonObject): SlideshowProps {
  const title = str(props, 'title', true);
  const dek = str(props, 'dek');
  const shareUrl = str(props, 'shareUrl', true);
  if (!hasSafeUrlStart(shareUrl)) throw new IslandPropsError('Slideshow shareUrl must be http(s)');
  if (!Array.isArray(props.slides)) throw new IslandPropsError('Slideshow needs a slides array');
  const { site } = props;
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('Slideshow site must be a site id');
  const slides = props.slides.map((value): SlideshowSlide => {
    if (!isRecord(value)) throw new IslandPropsError('Slideshow slide must be an object');
    const imageUrl = str(value, 'imageUrl', true);
    const thumbUrl = str(value, 'thumbUrl');
    if (!hasSafeUrlStart(imageUrl) || (thumbUrl !== undefined && !hasSafeUrlStart(thumbUrl))) throw new IslandPropsError('Slideshow image URLs must be http(s)');
    const caption = str(value, 'caption');
    const copyright = str(value, 'copyright');
    const sourceTitle = str(value, 'sourceTitle');
    return {
      imageId: str(value, 'imageId', true),
      imageUrl,
      ...(thumbUrl === undefined ? {} : { thumbUrl }),
      alt: str(value, 'alt', true),
      ...(caption === undefined ? {} : { caption }),
      ...(copyright === undefined ? {} : { copyright }),
      ...(sourceTitle === undefined ? {} : { sourceTitle }),
    };
  });
  return {
    title,
    ...(dek === undefined ? {} : { dek }),
    shareUrl,
    slides,
    slideSize: size(props.slideSize, 'slideSize'),
    thumbSize: size(props.thumbSize, 'thumbSize'),
    ...(site === undefined ? {} : { site }),
  };
}

type View = 'filmstrip' | 'thumbnail';
type Scope = 'slide' | 'slideshow';

export function Slideshow({ title, dek, shareUrl, slides, slideSize, thumbSize, site = 'news' }: SlideshowProps) {
  const texts = SLIDESHOW_TEXTS_BY_SITE[site];
  const imageCount = slides.length;
  const slideCount = imageCount + 2;
  const outroIndex = imageCount + 1;
  const [enhanced, setEnhanced] = useState(false);
  const [active, setActive] = useState(0);
  const [view, setView] = useState<View>('filmstrip');
  const [scope, setScope] = useState<Scope>('slideshow');
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // The first slide comes from the URL hash (spec 1 §2.6); later hash changes (a thumbnail link
  // followed, the back button) move the slideshow too.
  useEffect(() => {
    const sync = () => setActive(slideFromHash(window.location.hash, slideCount));
    sync();
    setEnhanced(true);
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, [slideCount]);

  const go = useCallback(
    (index: number) => {
      const next = Math.max(0, Math.min(index, slideCount - 1));
      setActive(next);
      setView('filmstrip');
      // replaceState: moving through slides should not fill the back button's history.
      window.history.replaceState(null, '', slideHash(next));
    },
    [slideCount],
  );

  const onSlideLink = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    go(index);
  };

  const openShare = (event: MouseEvent<HTMLButtonElement>) => {
    opener.current = event.currentTarget;
    dialog.current?.showModal();
  };

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    // Escape and the Close button both end in 'close'; focus goes back to whoever opened it.
    const onClose = () => opener.current?.focus();
    element.addEventListener('close', onClose);
    return () => element.removeEventListener('close', onClose);
  }, []);

  const shared = scope === 'slide' ? `${shareUrl.split('#')[0] ?? shareUrl}${slideHash(active)}` : shareUrl;
  const hrefs = shareHrefs(shared, title);
  const counterIndex = Math.min(active, imageCount);
  const hiddenSlide = (index: number) => enhanced && (view === 'thumbnail' || index !== active);

  return (
    <section
      className="slideshow"
      aria-roledescription={texts.roleDescription}
      aria-label={title}
      data-slideshow=""
      data-view={view}
      data-enhanced={enhanced ? 'true' : undefined}
      data-image-count={imageCount}
      data-slide-count={slideCount}
      data-share-url={shareUrl}
    >
      <div className="slideshow-toolbar">
        <p className="slideshow-counter" data-slideshow-counter="" aria-live="polite">
          {texts.counter(counterIndex, imageCount)}
        </p>
        <div className="view-toggle" role="group" aria-label={texts.viewToggle}>
          <button type="button" data-view-toggle="filmstrip" aria-pressed={view === 'filmstrip'} onClick={() => setView('filmstrip')}>
            {texts.filmstripView}
          </button>
          <button type="button" data-view-toggle="thumbnail" aria-pressed={view === 'thumbnail'} onClick={() => setView('thumbnail')}>
            {texts.thumbnailView}
          </button>
        </div>
        {enhanced && view === 'filmstrip' ? (
          <div className="slideshow-nav">
            <a href={slideHash(Math.max(active - 1, 0))} className="slideshow-prev" aria-disabled={active === 0 ? 'true' : undefined} onClick={onSlideLink(active - 1)}>
              {texts.previous}
            </a>
            <a href={slideHash(Math.min(active + 1, outroIndex))} className="slideshow-next" aria-disabled={active === outroIndex ? 'true' : undefined} onClick={onSlideLink(active + 1)}>
              {texts.next}
            </a>
          </div>
        ) : null}
      </div>

      {/* Skippable pre-roll (spec 1 §2.6): shown and filled by the ad island, hidden without it. */}
      <div className="slideshow-preroll" data-slideshow-preroll="" data-skippable="true" hidden>
        <span className="ad-label">{texts.advertisement}</span>
        <div className="ad-slot" data-ad-slot="slideshow-preroll" />
        <button type="button" data-action="skip-preroll">
          {texts.skipAd}
        </button>
      </div>

      <ol className="slides filmstrip">
        <li className="slide slide-intro" id="slide-0" data-slide-index={0} data-active={active === 0 ? 'true' : undefined} hidden={hiddenSlide(0)}>
          <h1 className="headline">{title}</h1>
          {dek ? <p className="dek">{dek}</p> : null}
        </li>
        {slides.map((slide, i) => (
          <li
            key={slide.imageId}
            className="slide slide-image"
            id={`slide-${i + 1}`}
            data-slide-index={i + 1}
            data-image-id={slide.imageId}
            data-active={active === i + 1 ? 'true' : undefined}
            hidden={hiddenSlide(i + 1)}
          >
            <figure>
              <img src={slide.imageUrl} alt={slide.alt} width={slideSize.width} height={slideSize.height} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
              {slide.caption || slide.copyright || slide.sourceTitle ? (
                <figcaption>
                  {slide.caption ? <span className="caption">{slide.caption}</span> : null}
                  {slide.copyright ? <span className="copyright">{slide.copyright}</span> : null}
                  {slide.sourceTitle ? <span className="source">{slide.sourceTitle}</span> : null}
                </figcaption>
              ) : null}
            </figure>
          </li>
        ))}
        <li className="slide slide-outro" id={`slide-${outroIndex}`} data-slide-index={outroIndex} data-active={active === outroIndex ? 'true' : undefined} hidden={hiddenSlide(outroIndex)}>
          <button type="button" data-action="start-over" onClick={() => go(0)}>
            {texts.startOver}
          </button>
          <button type="button" data-action="share" aria-haspopup="dialog" aria-controls="slideshow-share" onClick={openShare}>
            {texts.shareSlideshow}
          </button>
          <a className="button" href={SLIDESHOW_CATEGORY_URL} data-action="see-more">
            {texts.seeMore}
          </a>
        </li>
      </ol>

      <nav className="slideshow-thumbnails" aria-label={texts.thumbnailView} data-thumbnails="" hidden={view !== 'thumbnail'}>
        <ol>
          {slides.map((slide, i) => (
            <li key={slide.imageId}>
              <a href={slideHash(i + 1)} data-slide-index={i + 1} onClick={onSlideLink(i + 1)}>
                <img src={slide.thumbUrl ?? slide.imageUrl} alt={slide.alt} width={thumbSize.width} height={thumbSize.height} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <dialog className="share-dialog" id="slideshow-share" aria-labelledby="slideshow-share-title" ref={dialog}>
        <h2 id="slideshow-share-title">{texts.shareTitle}</h2>
        <fieldset>
          <label>
            <input type="radio" name="slideshow-share-scope" value="slide" checked={scope === 'slide'} onChange={() => setScope('slide')} /> {texts.shareThisSlide}
          </label>
          <label>
            <input type="radio" name="slideshow-share-scope" value="slideshow" checked={scope === 'slideshow'} onChange={() => setScope('slideshow')} />{' '}
            {texts.shareEntire}
          </label>
        </fieldset>
        <ul className="share-channels">
          {SHARE_CHANNELS.map((channel) => (
            <li key={channel}>
              <a href={hrefs[channel]} data-share-channel={channel.toLowerCase()} {...(channel === 'Facebook' || channel === 'Twitter' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {texts.channels[channel]}
              </a>
            </li>
          ))}
        </ul>
        <form method="dialog">
          <button type="submit">{texts.close}</button>
        </form>
      </dialog>
    </section>
  );
}
