/**
 * The sample upstream's tag call (docs/upstream-contract.md §5.1) and the category routes' records:
 * `GET /api/tag?path=fox-news/...` answers from data/categories.ts TAGS and data/tag-fronts.ts; the
 * category-route records (CATEGORY_FRONTS, TAG_FRONT_CATEGORIES) join the store's categories so `/api/category` and the site map serve them.
 * Test scaffolding: `PUT /__sample/tags` replaces or creates a tag (keyed by `path`); the reset
 * route restores both.
 */
import { z } from 'zod';
import type { SampleUpstreamApp } from './server.js';
import { CATEGORY_FRONTS, TAGS } from './data/categories.js';
import { TAG_FRONT_CATEGORIES, TAG_FRONT_TAGS } from './data/tag-fronts.js';
import type { JsonRecord } from './store.js';

const pathQuery = z.looseObject({ path: z.string().min(1) });
const tagBody = z.looseObject({ path: z.string().min(1) });

export interface TagRoutesOptions {
  /** The store's categories by path: the category-route records are added to it at start and on reset. */
  categories: () => Map<string, JsonRecord>;
}

export function registerTagRoutes(app: SampleUpstreamApp, options: TagRoutesOptions): void {
  let tags = new Map<string, JsonRecord>();
  const reset = (): void => {
    tags = new Map([...TAGS, ...TAG_FRONT_TAGS].map((tag) => [tag.path, { ...structuredClone(tag) }]));
    const categories = options.categories();
    for (const record of [...CATEGORY_FRONTS, ...TAG_FRONT_CATEGORIES]) if (!categories.has(record.path)) categories.set(record.path, { ...structuredClone(record) });
  };
  reset();

  // After the server's own reset handler has rebuilt the store, before the answer leaves.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'POST' && request.url.split('?')[0] === '/__sample/reset') reset();
    return payload;
  });

  app.get('/api/tag', (request, reply) => {
    const parsed = pathQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Invalid tag query: path is required' } });
    const tag = tags.get(parsed.data.path);
    if (tag) return { data: { results: [tag] } };
    return reply.code(404).send({ data: { results: [] }, error: { code: 'NOT_FOUND', message: `No tag at ${parsed.data.path}` } });
  });

  app.put('/__sample/tags', (request, reply) => {
    const parsed = tagBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Invalid tag: path is required' } });
    tags.set(parsed.data.path, parsed.data);
    return { ok: true };
  });
}
