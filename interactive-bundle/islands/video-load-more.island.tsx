/**
 * The video area's paged list with Show More (spec 1 §9 "Video load-more step 3"). The rule read
 * here: the list starts with 3 videos and each Show More appends the next 3 from the edge's
 * /api/videos (core/isomorphic/live/videos.ts), until the edge says no more follow; then the
 * button goes.
 *
 * Progressive enhancement: the server render is the first videos as plain links, and no button
 * (a reader without script, or before hydration, sees a complete list and nothing that does
 * nothing). Once hydrated the button appears; while a request is out it is disabled and reads
 * "Loading…"; a failed request leaves the videos shown, says so, and keeps the button to retry.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { parseVideoCard, parseVideosResponse, VIDEO_LOAD_MORE_STEP, VIDEO_TAG_PATTERN, VIDEOS_MAX_FROM, videosUrl, type VideoCard } from '../../core/isomorphic/live/videos.js';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';
import { VideoList } from './video-carousel.island.js';

/** The button's and the failure's texts, per edition. */
export const VIDEO_LOAD_MORE_TEXTS: Readonly<Record<SiteId, { showMore: string; loading: string; error: string }>> = {
  news: { showMore: 'Show More', loading: 'Loading…', error: 'Could not load more videos. Try again.' },
  es: { showMore: 'Mostrar más', loading: 'Cargando…', error: 'No se pudieron cargar más videos. Inténtalo de nuevo.' },
};

export type VideoLoadMoreProps = {
  title: string;
  /** The video tag the list is of ("fox-news/us"), asked of the edge as `tag`. */
  tag: string;
  /** The cards the render worker wrote: the first step. */
  items: VideoCard[];
  /** Where the next request starts: the list's position after `items`. */
  from: number;
  /** Whether the worker saw cards past `items`; no button otherwise. */
  hasMore: boolean;
  /** The edition, for the button's language (default news). */
  site?: SiteId;
};

export function parseVideoLoadMoreProps(props: JsonObject): VideoLoadMoreProps {
  const { title, tag, items, from, hasMore, site } = props;
  if (typeof title !== 'string' || title.trim() === '') throw new IslandPropsError('VideoLoadMore needs a title');
  if (typeof tag !== 'string' || !VIDEO_TAG_PATTERN.test(tag)) throw new IslandPropsError('VideoLoadMore needs a video tag');
  if (!Array.isArray(items)) throw new IslandPropsError('VideoLoadMore needs an items array');
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 0) throw new IslandPropsError('VideoLoadMore needs a non-negative integer from');
  if (typeof hasMore !== 'boolean') throw new IslandPropsError('VideoLoadMore needs a boolean hasMore');
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('VideoLoadMore site must be a site id');
  return { title, tag, items: items.map(parseVideoCard).filter((card): card is VideoCard => card !== null), from, hasMore, ...(site === undefined ? {} : { site }) };
}

type Status = 'idle' | 'fetching' | 'error';

export function VideoLoadMore({ title, tag, items, from, hasMore, site = 'news' }: VideoLoadMoreProps) {
  const text = VIDEO_LOAD_MORE_TEXTS[site];
  const [live, setLive] = useState(false);
  const [added, setAdded] = useState<VideoCard[]>([]);
  const [more, setMore] = useState(hasMore);
  const [status, setStatus] = useState<Status>('idle');
  // Refs, not state: a second click before React re-renders must see the first one's effect.
  const next = useRef(from);
  const busy = useRef(false);
  const listId = `video-load-more-${useId().replace(/[^\w-]/g, '')}`;
  useEffect(() => setLive(true), []);

  const onClick = async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus('fetching');
    try {
      const response = await fetch(videosUrl({ tag, from: next.current, size: VIDEO_LOAD_MORE_STEP }), { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`video load more: HTTP ${response.status}`);
      const page = parseVideosResponse(await response.json());
      if (page === null) throw new Error('video load more: unexpected response');
      next.current += page.advance;
      setAdded((shown) => [...shown, ...page.items]);
      // Past the edge's deepest offset there is nothing it could answer.
      setMore(page.hasMore && page.advance > 0 && next.current <= VIDEOS_MAX_FROM);
      setStatus('idle');
    } catch {
      // The reader sees the error and may retry; nothing else to report from a reader's browser.
      setStatus('error');
    } finally {
      busy.current = false;
    }
  };

  const fetching = status === 'fetching';
  return (
    <section className="video-grid video-load-more" aria-label={title}>
      <h2 className="video-rail-title">{title}</h2>
      <div id={listId} aria-busy={fetching ? true : undefined}>
        <VideoList videos={[...items, ...added]} className="video-list-video" />
      </div>
      {status === 'error' ? (
        <p className="video-load-more-error" role="alert">
          {text.error}
        </p>
      ) : null}
      {live && more ? (
        <button type="button" className="video-load-more-button" aria-controls={listId} disabled={fetching} onClick={() => void onClick()}>
          {fetching ? text.loading : text.showMore}
        </button>
      ) : null}
    </section>
  );
}
