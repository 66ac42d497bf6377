/**
 * The slideshow article page (spec 1 §2.6 "Slideshow page"): intro, image and outro slides, the
 * Filmstrip/Thumbnail toggle, the "Image 0 of N" counter, the share dialog, a skippable pre-roll ad
 * area and up to 5 "Recommended" slideshows. The slideshow itself is the Slideshow island
 * (interactive-bundle/islands/slideshow.island.tsx): the server renders every slide (readable
 * without script) and the browser picks the first slide from the URL hash (`#slide-{index}`),
 * switches views and opens the dialog. Its texts, and the Recommended heading, are the edition's
 * (the shell's site, passed to the island as its `site` prop).
 */
import { IMAGE_SIZES } from '../../../core/isomorphic/images.js';
import { Island } from '../../../interactive-bundle/island.js';
import { Document } from '../../shell/document.js';
import type { SiteId } from '../../../core/isomorphic/sites.js';
import type { SlideshowItem, SlideshowPageProps, SlideshowSummary } from './variant-props.js';

import { SLIDESHOW_TEXTS_BY_SITE } from '../../../interactive-bundle/islands/slideshow.island.js';

/** The slideshow's texts and rules live with its island; re-exported for the page's callers and tests. */
export {
  SHARE_CHANNELS,
  SLIDESHOW_CATEGORY_URL,
  SLIDESHOW_TEXTS,
  SLIDESHOW_TEXTS_BY_SITE,
  slideCounterText,
} from '../../../interactive-bundle/islands/slideshow.island.js';

/** Spec 1 §9: recommended slideshows: request 6, show 5 excluding the current one. */
export const RECOMMENDED_SLIDESHOWS = { request: 6, show: 5 } as const;

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
  const site = shell.site.id;
  const picked = pickRecommended(recommended, slideshow.url);
  const { slideshow: slideSize, listThumbnailDesktop: thumbSize } = IMAGE_SIZES;
  const slides = slideshow.items.map((item) => {
    const copyright = copyrightOf(item);
    return {
      imageId: item.imageId,
      imageUrl: item.imageUrl,
      ...(item.thumbUrl ? { thumbUrl: item.thumbUrl } : {}),
      alt: item.alt || item.caption || '',
      ...(item.caption ? { caption: item.caption } : {}),
      ...(copyright ? { copyright } : {}),
      ...(item.sourceTitle ? { sourceTitle: item.sourceTitle } : {}),
    };
  });

  return (
    <Document head={head} shell={shell} bodyClass={bodyClass}>
      <Island
        name="Slideshow"
        props={{
          title: slideshow.title,
          ...(slideshow.dek ? { dek: slideshow.dek } : {}),
          shareUrl: slideshow.shareUrl,
          slides,
          slideSize: { width: slideSize.width, height: slideSize.height },
          thumbSize: { width: thumbSize.width, height: thumbSize.height },
          site,
        }}
      />
      {picked.length > 0 ? <RecommendedSlideshows items={picked} site={site} /> : null}
    </Document>
  );
}

function RecommendedSlideshows({ items, site }: { items: SlideshowSummary[]; site: SiteId }) {
  const thumb = IMAGE_SIZES.listThumbnailDesktop;
  return (
    <section className="recommended-slideshows" aria-labelledby="recommended-slideshows-title">
      <h2 id="recommended-slideshows-title">{SLIDESHOW_TEXTS_BY_SITE[site].recommended}</h2>
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
