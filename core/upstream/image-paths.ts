/**
 * Site-relative image paths in upstream answers, resolved against the image service (spec 1 §7:
 * "Images are resized through an image service by URL built from base, path and width/height/file").
 *
 * Upstream layouts and tags name some images by path only (sponsor headings, promo and
 * recirculation cards, business-site logos: "/images/sponsor-logo.svg"). Those files live on the
 * image service, not on the site, so used unchanged they answer 404 on the site. The
 * transport (transport.ts) hands every parsed answer through `resolveImagePaths` with the image
 * service's base (UPSTREAM_IMAGES_URL, core/config/upstream.ts), so the base the image rule starts
 * from is always the image service's.
 *
 * Only image fields are touched: a string under a key that names an image (imageUrl, image, logo,
 * thumbnail, background, avatar, poster, headshot, ...), or a url/src/srcset or breakpoint value
 * inside such a key's object (thumbnail.url, logo.mobile, responsiveImages[].srcset). Links
 * (url, link, href elsewhere) are never rewritten, and only values that are site-relative paths
 * ("/x", not "//host") change.
 */

/** Keys whose value is an image, or an object or list of image values. */
const IMAGE_KEY = /image|logo|thumb|avatar|poster|headshot|background/i;
/** Keys that hold the image inside an image-keyed object (thumbnail.url, logo.desktop, ...). */
const INNER_IMAGE_KEY = /^(url|src|srcset|mobile|tablet|desktop|large)$/i;
/** A site-relative path: one slash, not followed by another slash or a backslash. */
const SITE_RELATIVE = /^\/(?![/\\])/;

function resolvePath(value: string, base: string): string {
  return SITE_RELATIVE.test(value) ? `${base}${value}` : value;
}

/** A srcset's candidates ("url 1x, url 2x"), each URL resolved. */
function resolveSrcset(value: string, base: string): string {
  return value
    .split(/,\s+/)
    .map((candidate) => {
      const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
      return [resolvePath(url, base), ...descriptor].join(' ');
    })
    .join(', ');
}

function resolveImageValue(value: unknown, base: string, key: string): unknown {
  if (typeof value === 'string') return /srcset/i.test(key) ? resolveSrcset(value, base) : resolvePath(value, base);
  if (Array.isArray(value)) return value.map((item: unknown) => resolveImageValue(item, base, key));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [inner, innerValue] of Object.entries(value)) {
      out[inner] = INNER_IMAGE_KEY.test(inner) || IMAGE_KEY.test(inner) ? resolveImageValue(innerValue, base, inner) : innerValue;
    }
    return out;
  }
  return value;
}

/**
 * Prefixes every site-relative image path in `body` with `imagesBase` (no trailing slash), in
 * place, and returns `body`. The transport hands it an answer it has just parsed and nobody else
 * holds, so nothing is copied but the image values that change: copying every answer whole took
 * about 1% of a publishing worker's CPU, and its garbage more. Values that are not image fields,
 * and absolute URLs, are left as they are.
 */
export function resolveImagePaths(body: unknown, imagesBase: string): unknown {
  resolveWithin(body, imagesBase);
  return body;
}

function resolveWithin(node: unknown, imagesBase: string): void {
  if (Array.isArray(node)) {
    for (const item of node) resolveWithin(item, imagesBase);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    // Only image keys are ever assigned, so a "__proto__" key in the JSON is never written through.
    if (IMAGE_KEY.test(key) && (typeof value === 'string' || Array.isArray(value) || isFlatImageObject(value))) record[key] = resolveImageValue(value, imagesBase, key);
    else resolveWithin(value, imagesBase);
  }
}

/**
 * An object under an image key that holds images itself (thumbnail { url }, logo { mobile, ... }),
 * as opposed to a container whose own keys merely mention images (a `backgroundImages` map is
 * both). Objects with nested objects are walked as ordinary data instead.
 */
function isFlatImageObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).every((inner) => typeof inner !== 'object' || inner === null);
}
