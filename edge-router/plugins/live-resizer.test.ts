/**
 * GET /api/resizer/single and /api/resizer/multiple through the edge app (`app.inject()`, a real
 * fs store). The endpoints compute the image service URL rule locally: the test counts fetches to
 * show no upstream is called.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { IMAGE_SIZES, resizedImageUrl } from '../../core/isomorphic/images.js';
import { createLogger } from '../../core/logger.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { buildEdgeApp } from '../app.js';
import { parseImageUrl, parseSize } from './live-resizer.js';

const errorSchema = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) });

const IMAGE = 'https://a57.foxnews.com/static.foxnews.com/foxnews.com/content/uploads/2025/03/kettle.jpg';

let dir: string;
let store: ObjectStore;
let app: FastifyInstance;
const fetched: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edge-live-resizer-'));
  store = createFsStore({ root: dir });
  app = await buildEdgeApp({
    store,
    logger: createLogger({ component: 'edge-router-test', level: 'silent' }),
    defaultSite: 'news',
    liveUpstream: {
      // Nothing listens here: a call would fail, and the fetch below records it first.
      config: parseUpstreamConfig({ UPSTREAM_BASE_URL: 'http://127.0.0.1:9' }),
      fetchImpl: (input) => {
        fetched.push(input instanceof Request ? input.url : input.toString());
        return Promise.reject(new Error('no upstream call expected'));
      },
    },
  });
});

afterAll(async () => {
  await app.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /api/resizer/single', () => {
  it('answers the image service URL for one size, cached a day, without an upstream call', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/resizer/single?imageUrl=${encodeURIComponent(IMAGE)}&size=931x524` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.json()).toEqual({
      url: 'https://a57.foxnews.com/static.foxnews.com/foxnews.com/content/uploads/2025/03/931/524/kettle.jpg?ve=1&tl=1',
    });
    // The same rule the pages were rendered with.
    expect(response.json()).toEqual({ url: resizedImageUrl(IMAGE, IMAGE_SIZES.imageFeatured) });
    expect(fetched).toEqual([]);
  });

  it('replaces the size of an already resized URL instead of nesting it', async () => {
    const resized = resizedImageUrl(IMAGE, { width: 1862, height: 1048 }) ?? '';
    const response = await app.inject({ method: 'GET', url: `/api/resizer/single?imageUrl=${encodeURIComponent(resized)}&size=343x193` });
    expect(response.json()).toEqual({ url: resizedImageUrl(IMAGE, { width: 343, height: 193 }) });
  });
});

describe('GET /api/resizer/multiple', () => {
  it('answers one URL per size, in the order asked', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/resizer/multiple?imageUrl=${encodeURIComponent(IMAGE)}&sizes=132x74,268x148,221x124,227x128&unknown=1`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.json()).toEqual({
      urls: [
        resizedImageUrl(IMAGE, IMAGE_SIZES.listThumbnailMobile),
        resizedImageUrl(IMAGE, IMAGE_SIZES.listThumbnailMobileLarge),
        resizedImageUrl(IMAGE, IMAGE_SIZES.listThumbnailTablet),
        resizedImageUrl(IMAGE, IMAGE_SIZES.listThumbnailDesktop),
      ],
    });
    expect(fetched).toEqual([]);
  });
});

describe('resizer validation', () => {
  const imageMessage = 'imageUrl must be an absolute http(s) URL of an image file';
  const sizeMessage = 'size must be WIDTHxHEIGHT with each from 1 to 4000, e.g. 931x524';
  const sizesMessage = 'sizes must be 1 to 10 comma-separated sizes; each must be WIDTHxHEIGHT with each from 1 to 4000, e.g. 931x524';
  const image = encodeURIComponent(IMAGE);

  it.each([
    ['/api/resizer/single?size=931x524', imageMessage],
    [`/api/resizer/single?imageUrl=${encodeURIComponent('javascript:alert(1)')}&size=931x524`, imageMessage],
    [`/api/resizer/single?imageUrl=${encodeURIComponent('data:image/png;base64,AAAA')}&size=931x524`, imageMessage],
    [`/api/resizer/single?imageUrl=${encodeURIComponent('//evil.example/a.jpg')}&size=931x524`, imageMessage],
    [`/api/resizer/single?imageUrl=${encodeURIComponent('/images/a.jpg')}&size=931x524`, imageMessage],
    [`/api/resizer/single?imageUrl=${encodeURIComponent('ftp://img.example/a.jpg')}&size=931x524`, imageMessage],
    [`/api/resizer/single?imageUrl=${encodeURIComponent('https://img.example/')}&size=931x524`, imageMessage],
    [`/api/resizer/single?imageUrl=${image}`, sizeMessage],
    [`/api/resizer/single?imageUrl=${image}&size=0x524`, sizeMessage],
    [`/api/resizer/single?imageUrl=${image}&size=4001x10`, sizeMessage],
    [`/api/resizer/single?imageUrl=${image}&size=931X524`, sizeMessage],
    [`/api/resizer/single?imageUrl=${image}&size=931x524x2`, sizeMessage],
    [`/api/resizer/single?imageUrl=${image}&size=-1x5`, sizeMessage],
    [`/api/resizer/single?imageUrl=${image}&size=931x524&size=1x1`, 'size may be given once'],
    [`/api/resizer/single?imageUrl=${image}&imageUrl=${image}&size=931x524`, 'imageUrl may be given once'],
    [`/api/resizer/multiple?imageUrl=${image}`, sizesMessage],
    [`/api/resizer/multiple?imageUrl=${image}&sizes=`, sizesMessage],
    [`/api/resizer/multiple?imageUrl=${image}&sizes=931x524,,343x193`, sizesMessage],
    [`/api/resizer/multiple?imageUrl=${image}&sizes=${Array.from({ length: 11 }, () => '10x10').join(',')}`, sizesMessage],
    [`/api/resizer/multiple?sizes=931x524`, imageMessage],
  ])('%s answers 400 INVALID_QUERY', async (url, message) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(errorSchema.parse(response.json())).toEqual({ error: { code: 'INVALID_QUERY', message } });
  });

  it('refuses an image URL over 2048 characters (the request guard answers 414 before that over HTTP)', () => {
    expect(parseImageUrl(`https://img.example/${'a'.repeat(2030)}.jpg`)).toBeUndefined();
    expect(parseImageUrl(`https://img.example/${'a'.repeat(2020)}.jpg`)).toBeDefined();
  });

  it('parses sizes within bounds', () => {
    expect(parseSize('1x1')).toEqual({ width: 1, height: 1 });
    expect(parseSize('4000x4000')).toEqual({ width: 4000, height: 4000 });
    expect(parseSize('01x1')).toEqual({ width: 1, height: 1 });
    expect(parseSize('1.5x2')).toBeUndefined();
    expect(parseSize('x')).toBeUndefined();
  });
});
