/**
 * The sample upstream's live playlist feed and Moxie endpoints (docs/upstream-contract.md §5.10),
 * from data/live-playlist.ts:
 *   GET /live-playlist/{feed}.json          `{ channel: { title, item } }`, or 404
 *   GET /moxie/playlists/{id}.json          `{ id, title, videos }`, or 404; the playlist
 *                                           "unreadable" answers a truncated JSON body
 * Registered after the server's fault switch, so injected faults (status, malformed) reach them.
 */
import { z } from 'zod';
import { LIVE_PLAYLIST_FEEDS, MOXIE_PLAYLISTS, UNREADABLE_MOXIE_PLAYLIST } from './data/live-playlist.js';
import type { SampleUpstreamApp } from './server.js';

const feedParams = z.object({ file: z.string().regex(/^[\w-]{1,100}\.json$/) });

export function registerLivePlaylistRoutes(app: SampleUpstreamApp): void {
  app.get('/live-playlist/:file', (request, reply) => {
    const params = feedParams.safeParse(request.params);
    const name = params.success ? params.data.file.replace(/\.json$/, '') : '';
    const feed = Object.hasOwn(LIVE_PLAYLIST_FEEDS, name) ? LIVE_PLAYLIST_FEEDS[name] : undefined;
    if (feed === undefined) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such live playlist feed' } });
    return feed;
  });

  app.get('/moxie/playlists/:file', (request, reply) => {
    const params = feedParams.safeParse(request.params);
    const id = params.success ? params.data.file.replace(/\.json$/, '') : '';
    if (id === UNREADABLE_MOXIE_PLAYLIST) return reply.code(200).type('application/json').send('{"id":"unreadable","videos":[{"id":"mox');
    const playlist = Object.hasOwn(MOXIE_PLAYLISTS, id) ? MOXIE_PLAYLISTS[id] : undefined;
    if (playlist === undefined) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such Moxie playlist' } });
    return playlist;
  });
}
