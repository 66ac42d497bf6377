/**
 * The sample upstream's shows call (docs/upstream-contract.md §5.3, spec 2 §7 "Shows service"):
 *   GET /api/shows?searchType=single&value={domain}/shows/{id}  -> results[0], or 404
 *   GET /api/shows?searchType=all                               -> every show, by sortOrder
 * Like upstream it answers unpublished shows too; the renderer applies the published rule.
 * Registered by server.ts after its fault switch, so injected faults reach this route too.
 */
import { z } from 'zod';
import type { ShowInput } from '../../core/upstream/show-client.js';
import type { SampleUpstreamApp } from './server.js';

const showsQuery = z.discriminatedUnion('searchType', [
  z.looseObject({ searchType: z.literal('single'), value: z.string().regex(/^[^/]+\/shows\/[^/]+$/) }),
  z.looseObject({ searchType: z.literal('all') }),
]);

function canonicalSlug(show: ShowInput): string | undefined {
  try {
    return new URL(show.canonicalUrl).pathname.split('/').filter(Boolean).pop();
  } catch {
    return undefined;
  }
}

/** @param shows this server's shows (its store's, which a reset returns to the dataset's), by sortOrder */
export function registerShowRoutes(app: SampleUpstreamApp, shows: () => readonly ShowInput[]): void {

  app.get('/api/shows', (request, reply) => {
    const query = showsQuery.safeParse(request.query);
    if (!query.success) {
      return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Invalid shows query: searchType=all, or searchType=single with value={domain}/shows/{id}' } });
    }
    if (query.data.searchType === 'all') {
      const all = shows();
      return { data: { results: all, total: all.length } };
    }
    // fetchFullShowByUrl: the last segment is the show's id or the slug of its canonical URL, so
    // the canonical path a 301 sends readers to finds the show too.
    const id = query.data.value.split('/').pop() ?? '';
    const show = shows().find((candidate) => candidate.id === id || canonicalSlug(candidate) === id);
    if (show === undefined) return reply.code(404).send({ data: { results: [] }, error: { code: 'NOT_FOUND', message: `No show ${id}` } });
    return { data: { results: [show] } };
  });
}
