/**
 * GET /api/stored-pages?paths=/a,/b: which of these page paths are stored on this site, answered
 * from storage alone (no render, no upstream). Link prefetch (interactive-bundle/client/platform/
 * prefetch.ts) asks it before fetching, so a prefetch never requests a page that is not stored and
 * the browser never logs a 404 for one (ADR 0017).
 *
 *   200 { stored: string[] }   the asked paths (in the order asked) whose page is stored
 *   400 INVALID_QUERY          no `paths`, more than MAX_STORED_PAGES_PATHS, or a repeated parameter
 *
 * A path counts as stored when the standard, AMP or print object it names exists and no redirect
 * record sits at its page: a redirect's target is another page, and prefetching it would follow
 * the redirect to a page this answer has not checked. A path that names no page (not a valid page
 * path, a root file, a feed) is simply not in the answer. Reads go through the hot cache, so a page
 * a reader is about to open is warm. Cached briefly by the browser and the CDN: a page published
 * since then is just not prefetched.
 */
import { z } from 'zod';
import { MAX_STORED_PAGES_PATHS, STORED_PAGES_PATH, type StoredPagesResponse } from '../../core/isomorphic/live/stored-pages.js';
import { routePlugin } from './define-plugin.js';
import type { ObjectReader } from './hot-cache.js';
import { objectReaderSchema } from './options.js';
import { storedTargetFor } from './page-store.js';

export { MAX_STORED_PAGES_PATHS, STORED_PAGES_PATH };
export const STORED_PAGES_CACHE_CONTROL = 'public, max-age=60';

export interface StoredPagesOptions {
  reader: ObjectReader;
}

const optionsSchema = z.object({ reader: objectReaderSchema });

const querySchema = z.strictObject({
  paths: z
    .string()
    .min(1)
    .max(MAX_STORED_PAGES_PATHS * 520)
    .transform((value) => value.split(','))
    .pipe(z.array(z.string().min(1).max(512)).min(1).max(MAX_STORED_PAGES_PATHS)),
});

export const storedPagesPlugin = routePlugin<StoredPagesOptions>('edge-stored-pages', (app, options) => {
  const { reader } = optionsSchema.parse(options);

  async function isStored(site: Parameters<typeof storedTargetFor>[0], path: string): Promise<boolean> {
    const target = storedTargetFor(site, path);
    if (target?.kind !== 'page') return false;
    const [redirect, page] = await Promise.all([reader.read(target.redirectKey), reader.read(target.key)]);
    return redirect === null && page !== null;
  }

  app.get(STORED_PAGES_PATH, async (request, reply) => {
    const parsed = querySchema.safeParse(request.query);
    if (!parsed.success) {
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: { code: 'INVALID_QUERY', message: `paths: 1 to ${MAX_STORED_PAGES_PATHS} comma-separated page paths` } });
    }
    const paths = [...new Set(parsed.data.paths)];
    const stored = await Promise.all(paths.map((path) => isStored(request.site, path)));
    return reply
      .code(200)
      .header('cache-control', STORED_PAGES_CACHE_CONTROL)
      .type('application/json; charset=utf-8')
      .send({ stored: paths.filter((_, i) => stored[i]) } satisfies StoredPagesResponse);
  });
  return Promise.resolve();
});
