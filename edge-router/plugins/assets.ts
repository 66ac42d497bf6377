/**
 * GET /assets/:file: the hashed bundle assets (DESIGN.md, "interactive-bundle ... emits hashed
 * assets"), shared by every site. A hashed name never changes its bytes, so the answer is cached
 * for a year as immutable. An unknown or malformed name is a plain 404, not the HTML 404 page:
 * the requester is a script or stylesheet tag, not a reader.
 */
import { z } from 'zod';
import { isPlatformError } from '../../core/errors.js';
import { CACHE_POLICIES } from '../../core/storage/cache-policy.js';
import { assetKey } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { readObject, sendStoredObject } from '../stored-response.js';
import { routePlugin } from './define-plugin.js';
import { objectStoreSchema } from './options.js';

export interface AssetsOptions {
  store: ObjectStore;
}

const optionsSchema = z.object({
  store: objectStoreSchema,
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
  const { store } = optionsSchema.parse(options);

  app.get<{ Params: { file: string } }>('/assets/:file', async (request, reply) => {
    const key = keyFor(request.params.file);
    const object = key === null ? null : await readObject(store, key);
    if (object === null) {
      // A short-lived 404: the asset may be deployed a moment after a page that names it.
      return reply.code(404).header('cache-control', CACHE_POLICIES.notFound).type('text/plain; charset=utf-8').send('Not Found\n');
    }
    return sendStoredObject(request, reply, object, { cacheControl: CACHE_POLICIES.asset });
  });
  return Promise.resolve();
});
