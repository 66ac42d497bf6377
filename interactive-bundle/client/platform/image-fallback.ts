/**
 * Images that fail to load (spec 1 §4 "Images that fail to load fall back to a default image
 * (cards) or are hidden"; spec 2 §4 "A failed thumbnail is cleared and a default poster is used").
 *
 * A card image says so in its markup: `data-fallback-src="<default image URL>"`. When it fails it
 * is pointed at that URL once; any other failed image (or a card whose default fails too) gets the
 * `hidden` attribute, so the reader never sees a broken-image icon. One capturing listener on the
 * document sees every image's error event (error events do not bubble), and images that failed
 * before the bundle ran are found by a scan at start.
 */

import { DEFAULT_IMAGE_ASSETS } from '../../../core/isomorphic/images.js';

/** Marks a card image and names its default image (spec 1 §4). */
export const CARD_IMAGE_FALLBACK_ATTRIBUTE = 'data-fallback-src';

/** The default card image (core/isomorphic/images.ts DEFAULT_IMAGE_ASSETS), inline so it never fails itself. */
export const DEFAULT_CARD_IMAGE = DEFAULT_IMAGE_ASSETS.card.dataUri;

/** The default poster of video thumbnails and the video player (spec 2 §4). */
export const DEFAULT_POSTER_IMAGE = DEFAULT_IMAGE_ASSETS.poster.dataUri;

/** What to do with an image that failed: point it at its fallback, or hide it. */
export function fallbackFor(currentSrc: string, fallback: string | null): { src: string } | 'hide' {
  if (fallback === null || fallback === '' || currentSrc === fallback) return 'hide';
  return { src: fallback };
}

export function handleFailedImage(image: HTMLImageElement): void {
  const next = fallbackFor(image.getAttribute('src') ?? '', image.getAttribute(CARD_IMAGE_FALLBACK_ATTRIBUTE));
  if (next === 'hide') {
    image.hidden = true;
    return;
  }
  // Responsive sources would win over src: drop them so the default image shows.
  image.removeAttribute('srcset');
  if (image.parentElement instanceof HTMLPictureElement) {
    for (const source of image.parentElement.querySelectorAll('source')) source.remove();
  }
  image.src = next.src;
}

/** Starts watching; returns a function that stops. */
export function startImageFallback(doc: Document = document): () => void {
  const onError = (event: Event) => {
    if (event.target instanceof HTMLImageElement) handleFailedImage(event.target);
  };
  doc.addEventListener('error', onError, true);
  // Failed before we were listening: complete with no pixels (and a src to have failed on).
  for (const image of doc.images) {
    if (image.complete && image.naturalWidth === 0 && (image.getAttribute('src') ?? '') !== '') handleFailedImage(image);
  }
  return () => doc.removeEventListener('error', onError, true);
}
