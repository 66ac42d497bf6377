/**
 * The site's brand images, served as hashed assets (`/assets/<name>-<w>x<h>.<hash>.png`) like the
 * bundle's files (render-workers/assets.ts publishes them), so structured data and social tags
 * point at images that answer 200 (a publisher logo that answers 404 is one crawlers reject; ADR 0020).
 *
 *   publisherLogo   600x60    NewsArticle publisher.logo (spec 1 §9 "logo 600x60")
 *   organizationLogo 512x512  Organization.logo on home: Google's logo guidance asks for at least
 *                             112x112 and a square-ish image, which a 600x60 banner is not
 *   defaultSocial   1200x675  the image of an article that has none (spec 1 §9 "1200x675 default social")
 *
 * The PNGs are committed beside this file (drawn by draw-images.ts). The name carries a hash of the
 * bytes, so a redrawn image gets a new URL and the immutable asset cache never serves a stale one.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assetUrl } from '../../interactive-bundle/manifest.js';

export interface BrandImage {
  name: string;
  width: number;
  height: number;
}

export const BRAND_IMAGES = {
  publisherLogo: { name: 'publisher-logo', width: 600, height: 60 },
  organizationLogo: { name: 'logo', width: 512, height: 512 },
  defaultSocial: { name: 'default-social', width: 1200, height: 675 },
} as const satisfies Record<string, BrandImage>;

export type BrandImageId = keyof typeof BRAND_IMAGES;

export interface BrandAsset extends BrandImage {
  /** The hashed asset file name (`assets/<file>` in storage). */
  file: string;
  /** Site-relative URL path (`/assets/<file>`). */
  path: string;
  body: Buffer;
}

/** The committed source PNG of an image. */
export function brandImageFile(image: BrandImage): string {
  return fileURLToPath(new URL(`./${image.name}-${image.width}x${image.height}.png`, import.meta.url));
}

const loaded = new Map<BrandImageId, BrandAsset>();

/** The image's bytes and hashed name; read once per process (the files ship with the code). */
export function brandAsset(id: BrandImageId): BrandAsset {
  const cached = loaded.get(id);
  if (cached !== undefined) return cached;
  const image = BRAND_IMAGES[id];
  const body = readFileSync(brandImageFile(image));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const file = `${image.name}-${image.width}x${image.height}.${hash}.png`;
  const asset: BrandAsset = { ...image, file, path: assetUrl(file), body };
  loaded.set(id, asset);
  return asset;
}

/** Absolute URL of a brand image on a site's public origin. */
export function brandImageUrl(id: BrandImageId, publicOrigin: string): string {
  return `${publicOrigin}${brandAsset(id).path}`;
}

export function allBrandAssets(): BrandAsset[] {
  return (Object.keys(BRAND_IMAGES) as BrandImageId[]).map(brandAsset);
}
