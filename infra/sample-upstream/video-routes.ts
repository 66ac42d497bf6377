/**
 * The sample upstream's video service (docs/upstream-contract.md §5.5, §5.6):
 *   GET /api/videos?tags=a,b&mediaTags=x&size=20&fields[videos]=mobile-component
 *       JSON:API list, newest air start first; a video matches when one of its tags is in `tags`
 *       or one of its media tags is in `mediaTags`. `required_tags` (all must be present) and
 *       `excludeBy=external_id&excludeValues=a,b` narrow it further.
 *   GET /api/videos?external_id=X&size=1
 *       the full Video record in the usual envelope, or 404.
 *   GET /api/videos?slug=X&size=1
 *       the same by slug (contract extension: the page path carries the slug), or 404.
 * Registered after the server's fault switch, so injected faults reach it too. Test scaffolding:
 * `PUT /__sample/videos/:id` replaces or creates a video, `DELETE` removes it; the reset route
 * restores the starter videos.
 */
import { z } from 'zod';
import { VIDEOS, type VideoRecord } from './data/videos.js';
import type { SampleUpstreamApp } from './server.js';
import type { SiteMapEntry } from './store.js';

const list = (raw: string | undefined): string[] => (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);

const videosQuery = z.looseObject({
  external_id: z.string().min(1).optional(),
  slug: z.string().min(1).optional(),
  tags: z.string().optional(),
  mediaTags: z.string().optional(),
  required_tags: z.string().optional(),
  excludeBy: z.enum(['external_id']).optional(),
  excludeValues: z.string().optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
const videoBody = z.looseObject({ title: z.string(), slug: z.string(), tags: z.array(z.string()) });
const idParams = z.object({ id: z.string().min(1).max(200) });

/** The JSON:API "mobile-component" view the recommended call reads (spec 1 §7). */
function mobileComponent(video: VideoRecord): unknown {
  return {
    id: video.external_id,
    type: 'video',
    attributes: {
      title: video.title,
      url: videoPagePath(video),
      thumbnail: { url: video.thumbnail.url },
      duration: video.duration,
      external_id: video.external_id,
      source: video.source,
      slug: video.slug,
      start_air_date: video.start_air_date,
      fullEpisode: video.fullEpisode,
    },
  };
}

/** The page path of a video (spec 2 §2: /video/{slug}, /video/shows/{slug} for show videos). */
export function videoPagePath(video: Pick<VideoRecord, 'slug' | 'showVideo'>): string {
  return `${video.showVideo ? '/video/shows' : '/video'}/${video.slug}`;
}

/**
 * Registers the routes; returns the site-map entries of the videos it holds now: each video that
 * has aired (a future one is no page yet, spec 2 §2), so the sample site map follows the mutations.
 */
export function registerVideoRoutes(app: SampleUpstreamApp): (now: Date) => SiteMapEntry[] {
  let videos = new Map<string, VideoRecord>();
  const reset = (): void => {
    videos = new Map(structuredClone(VIDEOS).map((v) => [v.external_id, v]));
  };
  reset();
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'POST' && request.url.split('?')[0] === '/__sample/reset') reset();
    return payload;
  });

  app.get('/api/videos', (request, reply) => {
    const parsed = videosQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Invalid video query' } });
    const query = parsed.data;
    if (query.external_id !== undefined) {
      const found = videos.get(query.external_id);
      if (!found) return reply.code(404).send({ data: { results: [] }, error: { code: 'NOT_FOUND', message: `No video ${query.external_id}` } });
      return { data: { results: [found] } };
    }
    if (query.slug !== undefined) {
      const found = [...videos.values()].find((v) => v.slug === query.slug);
      if (!found) return reply.code(404).send({ data: { results: [] }, error: { code: 'NOT_FOUND', message: `No video at ${query.slug}` } });
      return { data: { results: [found] } };
    }
    const tags = new Set(list(query.tags));
    const mediaTags = new Set(list(query.mediaTags));
    const required = list(query.required_tags);
    const excluded = new Set(query.excludeBy ? list(query.excludeValues) : []);
    const matches = [...videos.values()]
      .filter((v) => v.tags.some((t) => tags.has(t)) || v.brightcove.media_tags.some((t) => mediaTags.has(t)))
      .filter((v) => required.every((t) => v.tags.includes(t) || v.brightcove.media_tags.includes(t)))
      .filter((v) => !excluded.has(v.external_id))
      .sort((a, b) => b.start_air_date.localeCompare(a.start_air_date));
    return { data: matches.slice(0, query.size).map(mobileComponent) };
  });

  app.put('/__sample/videos/:id', (request, reply) => {
    const { id } = idParams.parse(request.params);
    const body = videoBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Invalid video: title, slug and tags are required' } });
    const base = videos.get(id) ?? structuredClone(VIDEOS[0]);
    if (!base) return reply.code(500).send({ error: { code: 'INTERNAL', message: 'No starter video' } });
    videos.set(id, { ...base, ...body.data, external_id: id });
    return { ok: true };
  });

  app.delete('/__sample/videos/:id', (request, reply) => {
    const { id } = idParams.parse(request.params);
    if (!videos.delete(id)) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No video ${id}` } });
    return { ok: true };
  });
  return (now) =>
    [...videos.values()]
      .filter((video) => Date.parse(video.start_air_date) <= now.getTime())
      .flatMap((video) => [
        { path: videoPagePath(video), type: 'video' as const, lastModified: video.last_published_date },
        // Articles link Brightcove-style numeric ids (/video/{id}), a 301 to the slug path: listed
        // as a redirect so a whole-site publish stores the record.
        ...(/^\d+$/.test(video.external_id) ? [{ path: `/video/${video.external_id}`, type: 'redirect' as const }] : []),
      ]);
}
