/**
 * The sample upstream's live-event service and live-blog SEO feed (docs/upstream-contract.md
 * §5.4, §5.16; spec 2 §7 "/api/live-event fetchByPath", the live-blog SEO feed):
 *   GET /api/live-event?path=/coverage/{page}                 -> results[0], or 404
 *   GET /live-blog/{providerId}/{eventCode}/seo.json          -> { liveBlogUpdate: [...] }, 404 when
 *       there is no feed, 500 for the event codes in FAILING_LIVE_BLOG_CODES
 * Registered by server.ts after its fault switch, so injected faults reach these routes too.
 * Test scaffolding: `PUT /__sample/live-events?path=/coverage/x` replaces or creates a live event
 * (not validated, so a test can serve an off-contract record), `DELETE` with the same query removes
 * it; POST /__sample/reset restores the starter events.
 */
import { z } from 'zod';
import { FAILING_LIVE_BLOG_CODES, LIVE_BLOG_FEEDS, LIVE_EVENTS } from './data/live-events.js';
import type { SampleUpstreamApp } from './server.js';
import type { SiteMapEntry } from './store.js';

const pathQuery = z.looseObject({ path: z.string().startsWith('/').max(2000) });
const feedParams = z.object({ providerId: z.string().min(1).max(200), eventCode: z.string().min(1).max(200) });
const jsonObject = z.record(z.string(), z.unknown());

/** Registers the routes; returns the site-map entries of the live events it holds now. */
export function registerLiveEventRoutes(app: SampleUpstreamApp): () => SiteMapEntry[] {
  let events = new Map<string, unknown>();
  const reset = (): void => {
    events = new Map(Object.entries(structuredClone(LIVE_EVENTS)));
  };
  reset();
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'POST' && request.url.split('?')[0] === '/__sample/reset') reset();
    return payload;
  });

  app.get('/api/live-event', (request, reply) => {
    const query = pathQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Invalid live event query: path=/coverage/{page} is required' } });
    const event = events.get(query.data.path);
    if (event === undefined) return reply.code(404).send({ data: { results: [] }, error: { code: 'NOT_FOUND', message: `No live event at ${query.data.path}` } });
    return { data: { results: [event] } };
  });

  app.get('/live-blog/:providerId/:eventCode/seo.json', (request, reply) => {
    const params = feedParams.safeParse(request.params);
    if (!params.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Invalid live-blog feed address' } });
    const { eventCode } = params.data;
    if (FAILING_LIVE_BLOG_CODES.has(eventCode)) return reply.code(500).send({ error: { code: 'INTERNAL', message: `Live blog ${eventCode} is failing` } });
    const feed = LIVE_BLOG_FEEDS[eventCode];
    if (feed === undefined) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No live blog ${eventCode}` } });
    return feed;
  });

  app.put('/__sample/live-events', (request, reply) => {
    const query = pathQuery.safeParse(request.query);
    const body = jsonObject.safeParse(request.body);
    if (!query.success || !body.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'PUT /__sample/live-events?path=/coverage/{page} with a JSON object body' } });
    events.set(query.data.path, body.data);
    return { ok: true };
  });

  app.delete('/__sample/live-events', (request, reply) => {
    const query = pathQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'DELETE /__sample/live-events?path=/coverage/{page}' } });
    if (!events.delete(query.data.path)) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No live event at ${query.data.path}` } });
    return { ok: true };
  });
  return () => [...events.keys()].map((path) => ({ path, type: 'live-event' as const }));
}
