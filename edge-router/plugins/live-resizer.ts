/**
 * GET /api/resizer/single and /api/resizer/multiple: resized image URLs for the browser (spec 1 §7
 * "GET /api/resizer/multiple with imageUrl and sizes (comma separated) ... list of image URLs;
 * /api/resizer/single with imageUrl and size ... one URL"; spec 2 §7; docs/architecture.md "Live endpoints").
 *
 *   /api/resizer/single?imageUrl=https://img.example.com/up/a.jpg&size=931x524
 *     -> 200 { url: 'https://img.example.com/up/931/524/a.jpg?ve=1&tl=1' }
 *   /api/resizer/multiple?imageUrl=https://img.example.com/up/a.jpg&sizes=931x524,343x193
 *     -> 200 { urls: [ ... one per size, in the order asked ] }
 *     imageUrl  an absolute http(s) URL naming a file, at most 2048 characters
 *     size      WIDTHxHEIGHT, each an integer 1..4000
 *     sizes     1..10 sizes, comma-separated
 *   Any other parameter is ignored. A bad value or a parameter given twice answers
 *   400 { error: { code: 'INVALID_QUERY', message } }.
 *
 * No upstream call: the image service takes the size in the URL itself (spec 1 §7 "resized through
 * an image service by URL built from base, path and width/height/file with ve and tl query
 * values"), so the answer is core/isomorphic/images.ts resizedImageUrl, the same rule the pages
 * were rendered with, computed here. docs/upstream-contract.md §5.11 records that the `resizer`
 * service key is not called. The answer depends only on the query, so browsers and the CDN may
 * keep it a day; nothing is cached in process.
 */
import { imageSourceFromUrl, resizedImageUrl, type ImageSize } from '../../core/isomorphic/images.js';
import { splitRequestTarget } from '../request-target.js';
import { routePlugin } from './define-plugin.js';
import { replyInvalidQuery, singleParam } from '../live-endpoint.js';

export const RESIZER_SINGLE_PATH = '/api/resizer/single';
export const RESIZER_MULTIPLE_PATH = '/api/resizer/multiple';
/** Sane bounds: the spec's largest size is 1862x1048 (featured image); nothing needs more than 4000. */
export const RESIZER_MAX_DIMENSION = 4000;
export const RESIZER_MAX_SIZES = 10;
const IMAGE_URL_MAX_LENGTH = 2048;
/** A pure function of the query: a day in browsers and the CDN. */
export const RESIZER_CACHE_CONTROL = 'public, max-age=86400';

const SIZE_MESSAGE = `must be WIDTHxHEIGHT with each from 1 to ${RESIZER_MAX_DIMENSION}, e.g. 931x524`;
const IMAGE_URL_MESSAGE = 'imageUrl must be an absolute http(s) URL of an image file';

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** "931x524" -> { width: 931, height: 524 }; undefined outside 1..4000 or any other shape. */
export function parseSize(raw: string): ImageSize | undefined {
  const match = /^(\d{1,4})x(\d{1,4})$/.exec(raw);
  if (match === null) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const inBounds = (n: number) => n >= 1 && n <= RESIZER_MAX_DIMENSION;
  return inBounds(width) && inBounds(height) ? { width, height } : undefined;
}

/** The image URL when it is an absolute http(s) URL with a file name, else undefined. */
export function parseImageUrl(raw: string): string | undefined {
  if (raw.length > IMAGE_URL_MAX_LENGTH || !/^https?:\/\//i.test(raw)) return undefined;
  return imageSourceFromUrl(raw) === null ? undefined : raw;
}

function readParams(search: string, names: readonly string[]): Parsed<Map<string, string | undefined>> {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { ok: false, message: 'the query string cannot be read' };
  }
  const values = new Map<string, string | undefined>();
  for (const name of names) {
    const value = singleParam(params, name);
    if (value === null) return { ok: false, message: `${name} may be given once` };
    values.set(name, value);
  }
  return { ok: true, value: values };
}

function imageUrlFrom(values: Map<string, string | undefined>): Parsed<string> {
  const raw = values.get('imageUrl');
  const imageUrl = raw === undefined ? undefined : parseImageUrl(raw);
  return imageUrl === undefined ? { ok: false, message: IMAGE_URL_MESSAGE } : { ok: true, value: imageUrl };
}

export function parseSingleQuery(search: string): Parsed<{ imageUrl: string; size: ImageSize }> {
  const read = readParams(search, ['imageUrl', 'size']);
  if (!read.ok) return read;
  const imageUrl = imageUrlFrom(read.value);
  if (!imageUrl.ok) return imageUrl;
  const rawSize = read.value.get('size');
  const size = rawSize === undefined ? undefined : parseSize(rawSize);
  if (size === undefined) return { ok: false, message: `size ${SIZE_MESSAGE}` };
  return { ok: true, value: { imageUrl: imageUrl.value, size } };
}

export function parseMultipleQuery(search: string): Parsed<{ imageUrl: string; sizes: ImageSize[] }> {
  const read = readParams(search, ['imageUrl', 'sizes']);
  if (!read.ok) return read;
  const imageUrl = imageUrlFrom(read.value);
  if (!imageUrl.ok) return imageUrl;
  const message = `sizes must be 1 to ${RESIZER_MAX_SIZES} comma-separated sizes; each ${SIZE_MESSAGE}`;
  const rawSizes = read.value.get('sizes');
  if (rawSizes === undefined) return { ok: false, message };
  const parts = rawSizes.split(',');
  if (parts.length > RESIZER_MAX_SIZES) return { ok: false, message };
  const sizes = parts.map((part) => parseSize(part.trim()));
  if (!sizes.every((size): size is ImageSize => size !== undefined)) return { ok: false, message };
  return { ok: true, value: { imageUrl: imageUrl.value, sizes } };
}

function resized(imageUrl: string, size: ImageSize): string {
  // parseImageUrl accepted the URL, so the rule always gives one; '' would only hide a broken rule.
  return resizedImageUrl(imageUrl, size) ?? '';
}

export const liveResizerPlugin = routePlugin('edge-live-resizer', (app) => {
  app.get(RESIZER_SINGLE_PATH, async (request, reply) => {
    const parsed = parseSingleQuery(splitRequestTarget(request.url).search);
    if (!parsed.ok) return replyInvalidQuery(reply, parsed.message);
    const { imageUrl, size } = parsed.value;
    return reply
      .code(200)
      .header('cache-control', RESIZER_CACHE_CONTROL)
      .type('application/json; charset=utf-8')
      .send({ url: resized(imageUrl, size) });
  });

  app.get(RESIZER_MULTIPLE_PATH, async (request, reply) => {
    const parsed = parseMultipleQuery(splitRequestTarget(request.url).search);
    if (!parsed.ok) return replyInvalidQuery(reply, parsed.message);
    const { imageUrl, sizes } = parsed.value;
    return reply
      .code(200)
      .header('cache-control', RESIZER_CACHE_CONTROL)
      .type('application/json; charset=utf-8')
      .send({ urls: sizes.map((size) => resized(imageUrl, size)) });
  });
  return Promise.resolve();
});
