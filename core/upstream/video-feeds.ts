/**
 * The video area's feed reads (docs/upstream-contract.md §5.10; spec 2 §3, §7, §8):
 *
 *   - the live playlist feed (`GET {livePlaylist}/live-playlist/{feed}.json`, `channel.item` list of
 *     live items: category, dc-date, guid) for the live-now and radio lists. Spec 2 §8 "Live
 *     playlist feed error: logged, empty object": any failure (unreachable, error status, malformed
 *     JSON, off contract) is logged as "Error fetching live playlist feed" and reads as the last good
 *     copy of the feed, or no items when there is none (core/upstream/side-data.ts).
 *   - the Moxie playlist (`GET {moxie}/moxie/playlists/{id}.json`). Spec 2 §8 "Moxie JSON
 *     unreadable: 'Unable to read JSON from Moxie endpoint' logged, returns empty" (the last good
 *     copy first, as for the live playlist).
 *
 * Every read records its data key before the call, like core/upstream/client.ts.
 */
import { parseShared } from './read-reuse.js';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { dataKeys } from './data-keys.js';
import { parsedWith, readSideData, type SideData } from './side-data.js';
import type { CallSpec, Transport } from './transport.js';

/** Spec 2 §3 "Live item: category, dc-date, guid", plus the optional title, link and image the cards show. */
const liveItemSchema = z.looseObject({
  category: z.string(),
  'dc-date': z.string().min(1),
  guid: z.string().min(1),
  title: z.string().optional(),
  link: z.string().optional(),
  image: z.string().optional(),
});
export type LiveItem = z.infer<typeof liveItemSchema>;
const liveItemsSchema = z.array(liveItemSchema);

/** `channel.item` may come as a list, or as one object when the feed holds one item (RSS-to-JSON). */
const liveFeedSchema = z.looseObject({
  channel: z.looseObject({ item: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional() }),
});

const moxieVideoSchema = z.looseObject({
  id: z.string().min(1),
  title: z.string(),
  url: z.string(),
  thumbnail: z.string().optional(),
  /** Seconds. */
  duration: z.number().optional(),
  start_air_date: z.string().optional(),
});
export type MoxieVideo = z.infer<typeof moxieVideoSchema>;
const moxieVideosSchema = z.array(moxieVideoSchema);
const moxiePlaylistSchema = z.looseObject({ id: z.string(), title: z.string().optional(), videos: z.array(moxieVideoSchema) });

/** Spec 2 §8: the Moxie rule's log text. */
export const MOXIE_UNREADABLE_MESSAGE = 'Unable to read JSON from Moxie endpoint';
/** Spec 2 §8 "Live playlist feed error: logged": the log text. */
export const LIVE_PLAYLIST_ERROR_MESSAGE = 'Error fetching live playlist feed';


export interface VideoFeedReads {
  /** The live items of a live playlist feed ("news", "radio", ...). Never throws; [] on failure (logged). */
  getLivePlaylist(feed: string): Promise<LiveItem[]>;
  /** The videos of a Moxie playlist. Never throws; [] when unreadable (logged with the spec's message). */
  getMoxiePlaylist(playlistId: string): Promise<MoxieVideo[]>;
}

export function createVideoFeedReads(transport: Transport, record: (dataKey: string) => void, logger: Logger, sideData?: SideData): VideoFeedReads {
  return {
    async getLivePlaylist(feed) {
      record(dataKeys.livePlaylist(feed));
      const spec: CallSpec = { name: 'live-playlist', service: 'livePlaylist', path: `/live-playlist/${encodeURIComponent(feed)}.json` };
      return await readSideData(
        sideData,
        `live-playlist:${feed}`,
        async () => {
          const result = await transport.call(spec, 'error');
          if (!result.found) {
            // An answer, not an outage: there is no such feed (so no last good copy stands in).
            logger.error({ feed }, `${LIVE_PLAYLIST_ERROR_MESSAGE}: no live playlist feed ${feed}`);
            return [];
          }
          const parsed = parseShared(result.body, liveFeedSchema);
          if (!parsed.success) throw transport.badResponse(spec.name, result.url, parsed.error, '');
          const raw = parsed.data.channel.item;
          const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
          return list.flatMap((item, index) => {
            const live = parseShared(item, liveItemSchema);
            if (live.success) return [live.data];
            logger.warn({ api: { name: spec.name, url: result.url }, issue: `channel.item.${index}` }, 'live playlist item off contract; skipped');
            return [];
          });
        },
        { empty: [], parse: parsedWith(liveItemsSchema), onFailure: (error) => logger.error({ error, feed }, LIVE_PLAYLIST_ERROR_MESSAGE) },
      );
    },

    async getMoxiePlaylist(playlistId) {
      record(dataKeys.moxie(playlistId));
      const spec: CallSpec = { name: 'moxie', service: 'moxie', path: `/moxie/playlists/${encodeURIComponent(playlistId)}.json` };
      return await readSideData(
        sideData,
        `moxie:${playlistId}`,
        async () => {
          const result = await transport.call(spec, 'error');
          if (!result.found) {
            logger.error({ playlist: playlistId }, `${MOXIE_UNREADABLE_MESSAGE}: no Moxie playlist ${playlistId}`);
            return [];
          }
          const parsed = parseShared(result.body, moxiePlaylistSchema);
          if (!parsed.success) throw transport.badResponse(spec.name, result.url, parsed.error, '');
          return parsed.data.videos;
        },
        { empty: [], parse: parsedWith(moxieVideosSchema), onFailure: (error) => logger.error({ error, playlist: playlistId }, MOXIE_UNREADABLE_MESSAGE) },
      );
    },
  };
}
