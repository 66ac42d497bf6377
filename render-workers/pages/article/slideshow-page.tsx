/**
 * The slideshow article page (spec 1 §2.6 "Slideshow page"): intro, image and outro slides, the
 * Filmstrip/Thumbnail toggle, the "Image 0 of N" counter, the share dialog, a skippable pre-roll ad
 * area and up to 5 "Recommended" slideshows. The server renders every slide (readable without
 * script); a later island reads the data attributes below to pick the first slide from the URL
 * hash (`#slide-{index}`), switch views and open the dialog.
 */
import { IMAGE_SIZES } from '../../../core/isomorphic/images.js';
import { Document } from '../../shell/document.js';
import type { SlideshowItem, SlideshowPageProps, SlideshowSummary } from './variant-props.js';

/** Spec 1 §2.6 slideshow texts. */
export const SLIDESHOW_TEXTS = {
  startOver: 'Start Over',
  shareSlideshow: 'Share Slideshow',
  seeMore: 'See More Slideshows',
  filmstripView: 'Filmstrip View',
  thumbnailView: 'Thumbnail View',
  shareTitle: 'Share this Slideshow',
  shareThisSlide: 'share this slide',
  shareEntire: 'share entire slideshow',
  recommended: 'Recommended',
} as const;

/** Share channels, in the spec's order (spec 1 §2.6). */
export const SHARE_CHANNELS = ['Facebook', 'Twitter', 'Email', 'Link'] as const;

/** Spec 1 §9: recommended slideshows: request 6, show 5 excluding the current one. */
export const RECOMMENDED_SLIDESHOWS = { request: 6, show: 5 } as const;

/** "See More Slideshows" goes to the slideshow category (spec 1 §2.6 link targets). */
export const SLIDESHOW_CATEGORY_URL = '/category/slideshow';

/** The counter text (spec 1 §2.6): "Image 0 of N"; 0 is the intro slide. */
export function slideCounterText(index: number, imageCount: number): string {
  return `Image ${index} of ${imageCount}`;
}

/**
 * Same-category slideshows without the current one, at most 5 (spec 1 §9). URLs are compared by
 * path, since search answers site-relative paths and canonical URLs are absolute.
 */
export function pickRecommended<T extends { url: string }>(list: readonly T[], currentUrl: string): T[] {
  const current = pathOf(currentUrl);
  return list.filter((item) => pathOf(item.url) !== current).slice(0, RECOMMENDED_SLIDESHOWS.show);
}

function pathOf(url: string): string {
  let path: string;
  try {
    path = new URL(url, 'https://site.invalid').pathname;
  } catch {
    path = url;
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A copyright of a single space means none (spec 1 §3). */
function copyrightOf(item: SlideshowItem): string | undefined {
  return item.copyright && item.copyright.trim() !== '' ? item.copyright : undefined;
}

export function SlideshowPage({ head, shell, bodyClass, slideshow, recommended }: SlideshowPageProps) {
  const imageCount = slideshow.items.length;
  const outroIndex = imageCount + 1;
  const shareUrl = slideshow.shareUrl;
  const picked = pickRecommended(recommended, slideshow.url);
  const { slideshow: slideSize, listThumbnailDesktop: thumbSize } = IMAGE_SIZES;

  return (
    <Document head={head} shell={shell} bodyClass={bodyClass}>
      <section
        className="slideshow"
        aria-roledescription="slideshow"
        aria-label={slideshow.title}
        data-slideshow=""
        data-first-slide-from-hash=""
        data-view="filmstrip"
        data-image-count={imageCount}
        data-slide-count={imageCount + 2}
        data-share-url={shareUrl}
      >
        <div className="slideshow-toolbar">
          <p className="slideshow-counter" data-slideshow-counter="" aria-live="polite">
            {slideCounterText(0, imageCount)}
          </p>
          <div className="view-toggle" role="group" aria-label="View">
            <button type="button" data-view-toggle="filmstrip" aria-pressed="true">
              {SLIDESHOW_TEXTS.filmstripView}
            </button>
            <button type="button" data-view-toggle="thumbnail" aria-pressed="false">
              {SLIDESHOW_TEXTS.thumbnailView}
            </button>
          </div>
        </div>

        {/* Skippable pre-roll (spec 1 §2.6): shown and filled by the ad island, hidden without it. */}
        <div className="slideshow-preroll" data-slideshow-preroll="" data-skippable="true" hidden>
          <span className="ad-label">Advertisement</span>
          <div className="ad-slot" data-ad-slot="slideshow-preroll" />
          <button type="button" data-action="skip-preroll">
            Skip Ad
          </button>
        </div>

        <ol className="slides filmstrip">
          <li className="slide slide-intro" id="slide-0" data-slide-index={0} data-active="true">
            <h1 className="headline">{slideshow.title}</h1>
            {slideshow.dek ? <p className="dek">{slideshow.dek}</p> : null}
          </li>
          {slideshow.items.map((item, i) => {
            const copyright = copyrightOf(item);
            return (
              <li key={item.imageId} className="slide slide-image" id={`slide-${i + 1}`} data-slide-index={i + 1} data-image-id={item.imageId}>
                <figure>
                  <img
                    src={item.imageUrl}
                    alt={item.alt || item.caption || ''}
                    width={slideSize.width}
                    height={slideSize.height}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                  {item.caption || copyright || item.sourceTitle ? (
                    <figcaption>
                      {item.caption ? <span className="caption">{item.caption}</span> : null}
                      {copyright ? <span className="copyright">{copyright}</span> : null}
                      {item.sourceTitle ? <span className="source">{item.sourceTitle}</span> : null}
                    </figcaption>
                  ) : null}
                </figure>
              </li>
            );
          })}
          <li className="slide slide-outro" id={`slide-${outroIndex}`} data-slide-index={outroIndex}>
            <button type="button" data-action="start-over">
              {SLIDESHOW_TEXTS.startOver}
            </button>
            <button type="button" data-action="share" aria-haspopup="dialog" aria-controls="slideshow-share">
              {SLIDESHOW_TEXTS.shareSlideshow}
            </button>
            <a className="button" href={SLIDESHOW_CATEGORY_URL} data-action="see-more">
              {SLIDESHOW_TEXTS.seeMore}
            </a>
          </li>
        </ol>

        <nav className="slideshow-thumbnails" aria-label={SLIDESHOW_TEXTS.thumbnailView} data-thumbnails="" hidden>
          <ol>
            {slideshow.items.map((item, i) => (
              <li key={item.imageId}>
                <a href={`#slide-${i + 1}`} data-slide-index={i + 1}>
                  <img src={item.thumbUrl ?? item.imageUrl} alt={item.alt || item.caption || ''} width={thumbSize.width} height={thumbSize.height} loading="lazy" decoding="async" />
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <ShareDialog title={slideshow.title} url={shareUrl} />
      </section>

      {picked.length > 0 ? <RecommendedSlideshows items={picked} /> : null}
    </Document>
  );
}

/** Closed (hence hidden) until the island calls showModal(). Links share the whole slideshow until then. */
function ShareDialog({ title, url }: { title: string; url: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const hrefs: Record<(typeof SHARE_CHANNELS)[number], string> = {
    Facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    Twitter: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
    Email: `mailto:?subject=${t}&body=${u}`,
    Link: url,
  };
  return (
    <dialog className="share-dialog" id="slideshow-share" aria-labelledby="slideshow-share-title">
      <h2 id="slideshow-share-title">{SLIDESHOW_TEXTS.shareTitle}</h2>
      <fieldset>
        <label>
          <input type="radio" name="slideshow-share-scope" value="slide" /> {SLIDESHOW_TEXTS.shareThisSlide}
        </label>
        <label>
          <input type="radio" name="slideshow-share-scope" value="slideshow" defaultChecked /> {SLIDESHOW_TEXTS.shareEntire}
        </label>
      </fieldset>
      <ul className="share-channels">
        {SHARE_CHANNELS.map((channel) => (
          <li key={channel}>
            <a href={hrefs[channel]} data-share-channel={channel.toLowerCase()} {...(channel === 'Facebook' || channel === 'Twitter' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {channel}
            </a>
          </li>
        ))}
      </ul>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}

function RecommendedSlideshows({ items }: { items: SlideshowSummary[] }) {
  const thumb = IMAGE_SIZES.listThumbnailDesktop;
  return (
    <section className="recommended-slideshows" aria-labelledby="recommended-slideshows-title">
      <h2 id="recommended-slideshows-title">{SLIDESHOW_TEXTS.recommended}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.url}>
            <a href={item.url}>
              {item.imageUrl ? <img src={item.imageUrl} alt="" width={thumb.width} height={thumb.height} loading="lazy" decoding="async" /> : null}
              <span className="title">{item.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
