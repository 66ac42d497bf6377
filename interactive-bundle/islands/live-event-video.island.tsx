/**
 * The live-event video with its playlist (spec 2 §2 live-event header: "optional video with
 * playlist", "a Show More button on mobile and an Expand Video button on desktop", "a link to expand
 * the playlist uses the query parameter pieces=live-stream-playlist-expanded"; §3 live event video
 * fields; §9 breakpoints, mobile below 768px).
 *
 * Stored pages do not vary by query string (the edge serves one object per path), so the server
 * renders the collapsed state: the playlist hidden, and the expand link. Once hydrated the island
 * shows the Show More (below 768px) and Expand Video (768px and up) buttons, both toggling the
 * playlist (aria-expanded, aria-controls), hides the link, and starts expanded when location.search
 * carries pieces=live-stream-playlist-expanded. Without script the link's fragment targets the
 * playlist, and the page's `:target` rule shows it.
 *
 * Every URL in the props is checked again here (site-relative or http(s) only), whatever the props hold.
 *
 * Its texts are the edition's (LIVE_EVENT_VIDEO_TEXTS_BY_SITE), from a validated `site` prop that
 * the server render and the hydration share; without one, the news edition's.
 */
import { useEffect, useId, useState } from 'react';
import { safeImageUrl } from '../../core/isomorphic/images.js';
import { IslandPropsError, type JsonObject, type JsonValue } from '../island-props.js';
import { hasSafeUrlStart } from '../../core/isomorphic/safe-url.js';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';

/** Spec 2 §2: the query parameter and value of the expanded playlist. */
export const LIVE_PLAYLIST_PARAM = 'pieces';
export const LIVE_PLAYLIST_EXPANDED = 'live-stream-playlist-expanded';

/** What the reader reads and hears in the video's controls, per edition. Kept in the island: only this chunk needs them. */
export interface LiveEventVideoTexts {
  /** The mobile control (below 768px), collapsed and expanded. */
  showMore: string;
  showLess: string;
  /** The desktop control (768px and up), collapsed and expanded. */
  expand: string;
  collapse: string;
  /** The no-script link to the expanded playlist. */
  expandLink: string;
  /** The playlist's accessible name. */
  playlist: string;
}

/** Spec 2 §2 control names (news: the spec's exact strings). Show More is the site's shared text (ui-text `showMore`). */
export const LIVE_EVENT_VIDEO_TEXTS_BY_SITE: Readonly<Record<SiteId, LiveEventVideoTexts>> = {
  news: {
    showMore: uiText('news').showMore,
    showLess: 'Show Less',
    expand: 'Expand Video',
    collapse: 'Collapse Video',
    expandLink: 'Expand playlist',
    playlist: 'Video playlist',
  },
  es: {
    showMore: uiText('es').showMore,
    showLess: 'Mostrar menos',
    expand: 'Ampliar video',
    collapse: 'Reducir video',
    expandLink: 'Ver lista de reproducción',
    playlist: 'Lista de reproducción',
  },
};

/** The news edition's texts. */
export const LIVE_EVENT_VIDEO_TEXTS: LiveEventVideoTexts = LIVE_EVENT_VIDEO_TEXTS_BY_SITE.news;

/** Thumbnail sizes (spec 2 §9 "video 480x270 ... 240x135"). */
export const LIVE_VIDEO_IMAGE = { width: 480, height: 270 } as const;
export const LIVE_PLAYLIST_IMAGE = { width: 240, height: 135 } as const;

export type LiveEventVideoItem = {
  id: string;
  /** The video's page. */
  url: string;
  title: string;
  category: string | null;
  categoryUrl: string | null;
  /** As shown, e.g. "3:12" or "LIVE". */
  duration: string | null;
  image: string | null;
  imageAlt: string;
  /** `<source media srcset>` candidates, already checked by the render worker. */
  responsiveImages: { media: string; srcset: string }[];
};

export type LiveEventVideoProps = {
  video: LiveEventVideoItem;
  playlist: LiveEventVideoItem[];
  /** The edition, whose language the controls are in. Default news. */
  site?: SiteId;
};

/** True when a location.search asks for the expanded playlist (`pieces` may list several, comma-separated). */
export function wantsExpandedPlaylist(search: string): boolean {
  return new URLSearchParams(search)
    .getAll(LIVE_PLAYLIST_PARAM)
    .flatMap((value) => value.split(','))
    .some((piece) => piece.trim() === LIVE_PLAYLIST_EXPANDED);
}

/** A site-relative path or an http(s) URL; anything else gives no address. */
export function safeVideoHref(href: string | null): string | null {
  if (href === null) return null;
  return hasSafeUrlStart(href) && !/[\s<>"]/.test(href) ? href : null;
}

const MEDIA = /^[\w\s():.,-]{1,200}$/;
/** One srcset candidate: a checked image URL and an optional width or density descriptor. */
const DESCRIPTOR = /^\d+(\.\d+)?[wx]$/;

/** The srcset with every candidate checked, or null when any candidate is not an image URL. */
export function safeSrcset(srcset: string): string | null {
  const candidates = srcset.split(/,\s+/).map((candidate) => candidate.trim()).filter(Boolean);
  if (candidates.length === 0 || candidates.length > 10) return null;
  const out: string[] = [];
  for (const candidate of candidates) {
    const [url, descriptor, ...rest] = candidate.split(/\s+/);
    const safe = safeImageUrl(url);
    if (safe === null || rest.length > 0 || (descriptor !== undefined && !DESCRIPTOR.test(descriptor))) return null;
    out.push(descriptor === undefined ? safe : `${safe} ${descriptor}`);
  }
  return out.join(', ');
}

/** The media condition when it is a plain one (no characters that could end the attribute). */
export function safeMedia(media: string): string | null {
  return MEDIA.test(media) ? media : null;
}

function text(value: JsonValue | undefined, name: string): string {
  if (typeof value !== 'string') throw new IslandPropsError(`LiveEventVideo ${name} must be a string`);
  return value;
}

function nullableText(value: JsonValue | undefined, name: string): string | null {
  if (value === null) return null;
  return text(value, name);
}

function parseItem(value: JsonValue): LiveEventVideoItem {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new IslandPropsError('LiveEventVideo items are objects');
  const item = value as JsonObject;
  const responsive = item.responsiveImages;
  if (!Array.isArray(responsive)) throw new IslandPropsError('LiveEventVideo responsiveImages must be a list');
  return {
    id: text(item.id, 'id'),
    url: text(item.url, 'url'),
    title: text(item.title, 'title'),
    category: nullableText(item.category, 'category'),
    categoryUrl: nullableText(item.categoryUrl, 'categoryUrl'),
    duration: nullableText(item.duration, 'duration'),
    image: nullableText(item.image, 'image'),
    imageAlt: text(item.imageAlt, 'imageAlt'),
    responsiveImages: responsive.map((source: JsonValue) => {
      if (source === null || typeof source !== 'object' || Array.isArray(source)) throw new IslandPropsError('LiveEventVideo responsive images are objects');
      const { media, srcset } = source as JsonObject;
      return { media: text(media, 'media'), srcset: text(srcset, 'srcset') };
    }),
  };
}

export function parseLiveEventVideoProps(props: JsonObject): LiveEventVideoProps {
  const { video, playlist, site } = props;
  if (video === undefined) throw new IslandPropsError('LiveEventVideo needs a video');
  if (!Array.isArray(playlist)) throw new IslandPropsError('LiveEventVideo playlist must be a list');
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('LiveEventVideo site must be a site id');
  return { video: parseItem(video), playlist: playlist.map((item: JsonValue) => parseItem(item)), ...(site === undefined ? {} : { site }) };
}

function Thumbnail({ item, size }: { item: LiveEventVideoItem; size: { width: number; height: number } }) {
  const src = safeImageUrl(item.image);
  if (src === null) return null;
  const sources = item.responsiveImages.flatMap((source) => {
    const media = safeMedia(source.media);
    const srcset = safeSrcset(source.srcset);
    return media === null || srcset === null ? [] : [{ media, srcset }];
  });
  return (
    <picture>
      {sources.map((source) => (
        <source key={`${source.media} ${source.srcset}`} media={source.media} srcSet={source.srcset} />
      ))}
      <img src={src} alt={item.imageAlt} width={size.width} height={size.height} loading="lazy" />
    </picture>
  );
}

function Meta({ item }: { item: LiveEventVideoItem }) {
  const categoryUrl = safeVideoHref(item.categoryUrl);
  return (
    <>
      {item.category ? <span className="live-video-category">{categoryUrl ? <a href={categoryUrl}>{item.category}</a> : item.category}</span> : null}
      {item.duration ? <span className="live-video-duration">{item.duration}</span> : null}
    </>
  );
}

function ItemTitle({ item }: { item: LiveEventVideoItem }) {
  const href = safeVideoHref(item.url);
  return href ? <a href={href}>{item.title}</a> : <>{item.title}</>;
}

export function LiveEventVideo({ video, playlist, site = 'news' }: LiveEventVideoProps) {
  const texts = LIVE_EVENT_VIDEO_TEXTS_BY_SITE[site];
  const [live, setLive] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    setLive(true);
    if (wantsExpandedPlaylist(window.location.search)) setExpanded(true);
  }, []);
  const playlistId = `live-playlist-${useId().replace(/[^\w-]/g, '')}`;
  const hasPlaylist = playlist.length > 0;
  const toggle = () => setExpanded((value) => !value);
  const href = safeVideoHref(video.url);
  return (
    <section className={`live-video${expanded ? ' is-expanded' : ''}`} aria-label={video.title}>
      <figure className="live-video-player">
        {href ? (
          <a className="live-video-media" href={href}>
            <Thumbnail item={video} size={LIVE_VIDEO_IMAGE} />
          </a>
        ) : (
          <div className="live-video-media">
            <Thumbnail item={video} size={LIVE_VIDEO_IMAGE} />
          </div>
        )}
        <figcaption>
          <Meta item={video} />
          <span className="live-video-title">
            <ItemTitle item={video} />
          </span>
        </figcaption>
      </figure>
      {hasPlaylist ? (
        <>
          <div className="live-video-controls">
            <button type="button" className="live-video-show-more" hidden={!live} aria-expanded={expanded} aria-controls={playlistId} onClick={toggle}>
              {expanded ? texts.showLess : texts.showMore}
            </button>
            <button type="button" className="live-video-expand" hidden={!live} aria-expanded={expanded} aria-controls={playlistId} onClick={toggle}>
              {expanded ? texts.collapse : texts.expand}
            </button>
            <a className="live-video-expand-link" href={`?${LIVE_PLAYLIST_PARAM}=${LIVE_PLAYLIST_EXPANDED}#${playlistId}`} hidden={live}>
              {texts.expandLink}
            </a>
          </div>
          <ol className="live-playlist" id={playlistId} aria-label={texts.playlist} hidden={!expanded}>
            {playlist.map((item, index) => (
              <li key={`${index}-${item.id}`} className="live-playlist-item">
                <Thumbnail item={item} size={LIVE_PLAYLIST_IMAGE} />
                <span className="live-playlist-text">
                  <Meta item={item} />
                  <span className="live-video-title">
                    <ItemTitle item={item} />
                  </span>
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
