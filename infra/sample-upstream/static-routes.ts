/**
 * The sample upstream's static page call (docs/upstream-contract.md §5.2, spec 1 §7
 * `/api/staticpage`): `GET /api/staticpage?path=/newsletters` answers the record in the contract's
 * envelope, or 404 with an empty envelope. Registered by server.ts after its fault switch, so
 * injected faults reach this route too.
 */
import { z } from 'zod';
import { STATIC_PAGES, type StaticPageRecord } from './data/static-pages.js';
import type { SampleUpstreamApp } from './server.js';

const pathQuery = z.looseObject({ path: z.string().min(1) });

/** The sample's static pages by path; a fresh copy per server so no test changes another's. */
function staticPagesByPath(): Map<string, StaticPageRecord> {
  return new Map(structuredClone(STATIC_PAGES).map((record) => [record.path, record]));
}

export function registerStaticRoutes(app: SampleUpstreamApp): void {
  const pages = staticPagesByPath();

  app.get('/api/staticpage', (request, reply) => {
    const query = pathQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Invalid static page query: path is required' } });
    const record = pages.get(query.data.path);
    if (record === undefined) {
      return reply.code(404).send({ data: { results: [] }, error: { code: 'NOT_FOUND', message: `No static page at ${query.data.path}` } });
    }
    return { data: { results: [record] } };
  });
}
