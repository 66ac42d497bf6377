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

/** Marks a card image and names its default image (spec 1 §4). */
export const CARD_IMAGE_FALLBACK_ATTRIBUTE = 'data-fallback-src';

/**
 * The default card image: a neutral 16:9 frame, inline so it never fails to load itself and needs
 * no request (and so no asset of its own in storage).
 */
export const DEFAULT_CARD_IMAGE =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20viewBox%3D%220%200%2016%209%22%3E%3Crect%20width%3D%2216%22%20height%3D%229%22%20fill%3D%22%23d9dde3%22%2F%3E%3C%2Fsvg%3E';

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
