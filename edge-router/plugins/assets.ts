/**
 * GET /assets/:file: the hashed bundle assets (docs/architecture.md "Layout": the bundle's
 * build emits hashed assets), shared by every site. A hashed name never changes its bytes, so the answer is cached
 * for a year as immutable. An unknown or malformed name is a plain 404, not the HTML 404 page:
 * the requester is a script or stylesheet tag, not a reader.
 */
import { z } from 'zod';
import { isPlatformError } from '../../core/errors.js';
import { CACHE_POLICIES } from '../../core/storage/cache-policy.js';
import { assetKey } from '../../core/storage/keys.js';
import { sendStoredObject } from '../stored-response.js';
import { routePlugin } from './define-plugin.js';
import type { ObjectReader } from './hot-cache.js';
import { objectReaderSchema } from './options.js';

export interface AssetsOptions {
  /** Reads through the hot cache; a held asset is never revalidated (its name is its content). */
  reader: ObjectReader;
}

const optionsSchema = z.object({
  reader: objectReaderSchema,
});

function keyFor(file: string): string | null {
  try {
    return assetKey(file);
  } catch (error) {
    if (isPlatformError(error, 'INVALID_PATH')) return null;
    throw error;
  }
}

export const assetsPlugin = routePlugin<AssetsOptions>('edge-assets', (app, options) => {
  const { reader } = optionsSchema.parse(options);

  app.get<{ Params: { file: string } }>('/assets/:file', { compress: false }, async (request, reply) => {
    request.routeKind = 'asset';
    const key = keyFor(request.params.file);
    const object = key === null ? null : await reader.read(key, { immutable: true });
    if (object === null) {
      // A short-lived 404: the asset may be deployed a moment after a page that names it.
      return reply.code(404).header('cache-control', CACHE_POLICIES.notFound).type('text/plain; charset=utf-8').send('Not Found\n');
    }
    return sendStoredObject(request, reply, object, { cacheControl: CACHE_POLICIES.asset });
  });
  return Promise.resolve();
});
