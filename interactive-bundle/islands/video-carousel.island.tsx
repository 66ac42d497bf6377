/**
 * The recommended-video carousel at the top of the standard article (spec 1 §2.6, §4; spec 2 §2
 * "Horizontal video lists"). Which rules apply to this strip:
 *
 * - previous and next are disabled at the scroll ends (spec 1 §4);
 * - the bar becomes sticky once the page scrolls past its original offset (spec 1 §4);
 * - it is hidden when the local flag reads off (spec 1 §4): localStorage key
 *   VIDEO_CAROUSEL_FLAG_KEY ("recommendedVideos") set to "off" hides the strip for that browser;
 *   any other value, no value, or no storage at all leaves it shown;
 * - navigation arrows only at 4 or more items (spec 1 §9), which also covers "the right button
 *   shows only with more than one video" (spec 2 §2); all arrows hide below 768px (spec 2 §2,
 *   a media query in styles.ts);
 * - "Video load-more step 3" (spec 1 §9) is for the video area's paged lists (the VideoLoadMore
 *   island under a topic page's rail), not this strip: it shows the at most 10 videos the render
 *   worker loaded (VIDEO_CAROUSEL_MAX) and loads no more.
 *
 * Progressive enhancement: the server render is the plain list (scrollable without script) with
 * the arrows hidden; the browser shows the arrows and tracks scroll and stickiness.
 *
 * The video area's horizontal lists (spec 2 §2 "Horizontal video lists") use the same
 * island with `kind: 'list'` (render-workers/video/lists/): a titled section with left (previous),
 * right (next) and back-to-start buttons, back-to-start scrolling to the start smoothly; the right
 * button only with more than one video; previous and next disabled at the ends; all arrows hidden
 * below 768px (the video-area pages' CSS); a 'see all' link when the list has a url; item styles
 * video, show, shows page and live (a class per style; the card sizes are the pages' CSS). These
 * lists have no sticky bar and no local flag: both belong to the article's recommended strip.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { IslandPropsError, type JsonObject } from '../island-props.js';
import { CARD_IMAGE_FALLBACK_ATTRIBUTE, DEFAULT_POSTER_IMAGE } from '../client/platform/image-fallback.js';
import { isRecord } from '../../core/isomorphic/guards.js';
import { hasSafeUrlStart } from '../../core/isomorphic/safe-url.js';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';

/** Spec 1 §9: navigation arrows at 4 or more items. */
export const VIDEO_CAROUSEL_ARROWS_FROM = 4;
/** The local flag (spec 1 §4): `localStorage.setItem('recommendedVideos', 'off')` hides the strip. */
export const VIDEO_CAROUSEL_FLAG_KEY = 'recommendedVideos';
export const VIDEO_CAROUSEL_FLAG_OFF = 'off';
export const VIDEO_CAROUSEL_TEXTS: Readonly<Record<SiteId, { label: string; previous: string; next: string; backToStart: string; seeAll: string }>> = {
  news: { label: 'Recommended videos', previous: 'Previous videos', next: 'Next videos', backToStart: 'Back to start', seeAll: 'See all' },
  es: { label: 'Videos recomendados', previous: 'Videos anteriores', next: 'Videos siguientes', backToStart: 'Volver al inicio', seeAll: 'Ver todo' },
};

/** Spec 2 §2: "item styles are video, show, shows page and live". */
export const VIDEO_LIST_ITEM_STYLES = ['video', 'show', 'shows-page', 'live'] as const;
export type VideoListItemStyle = (typeof VIDEO_LIST_ITEM_STYLES)[number];

export type VideoCarouselItem = {
  name: string;
  url: string;
  duration?: string;
  /** A small label above the title: the live item's category, "LIVE", "FULL EPISODE". */
  label?: string;
  image?: { src: string; srcSet: string; sizes: string; width: number; height: number };
};

export type VideoCarouselProps = {
  videos: VideoCarouselItem[];
  /** 'recommended' (default): the article's strip. 'list': a video-area horizontal list. */
  kind?: 'recommended' | 'list';
  /** The list's heading (kind 'list'). */
  title?: string;
  /** The list's url: a 'see all' link when present (spec 2 §2). */
  seeAllUrl?: string;
  itemStyle?: VideoListItemStyle;
  /** The edition, for the buttons' and labels' language (default news). */
  site?: SiteId;
};

export function parseVideoCarouselProps(props: JsonObject): VideoCarouselProps {
  if (!Array.isArray(props.videos)) throw new IslandPropsError('VideoCarousel needs a videos array');
  const site = props.site;
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('VideoCarousel site must be a site id');
  const videos = props.videos.flatMap((video): VideoCarouselItem[] => {
    if (!isRecord(video) || typeof video.name !== 'string' || typeof video.url !== 'string' || !hasSafeUrlStart(video.url)) return [];
    const image = video.image;
    const parsedImage =
      isRecord(image) &&
      typeof image.src === 'string' &&
      hasSafeUrlStart(image.src) &&
      typeof image.srcSet === 'string' &&
      typeof image.sizes === 'string' &&
      typeof image.width === 'number' &&
      typeof image.height === 'number'
        ? { src: image.src, srcSet: image.srcSet, sizes: image.sizes, width: image.width, height: image.height }
        : undefined;
    return [
      {
        name: video.name,
        url: video.url,
        ...(typeof video.duration === 'string' ? { duration: video.duration } : {}),
        ...(typeof video.label === 'string' ? { label: video.label } : {}),
        ...(parsedImage === undefined ? {} : { image: parsedImage }),
      },
    ];
  });
  const itemStyle = VIDEO_LIST_ITEM_STYLES.find((style) => style === props.itemStyle);
  return {
    videos,
    ...(props.kind === 'list' ? { kind: 'list' as const } : {}),
    ...(typeof props.title === 'string' ? { title: props.title } : {}),
    ...(typeof props.seeAllUrl === 'string' && hasSafeUrlStart(props.seeAllUrl) ? { seeAllUrl: props.seeAllUrl } : {}),
    ...(itemStyle === undefined ? {} : { itemStyle }),
    ...(site === undefined ? {} : { site }),
  };
}

/**
 * A list of video cards (thumbnail, title, duration): this strip and the 404 page's "Latest
 * Videos" (render-workers/shared/video-list.tsx re-exports it). render-workers/shared/videos.ts
 * VideoItem fits VideoListItem.
 */
export interface VideoListItem {
  name: string;
  url: string;
  duration?: string;
  label?: string;
  image?: { src: string; srcSet: string; sizes: string; width: number; height: number };
}

export function VideoList({ videos, className }: { videos: readonly VideoListItem[]; className: string }) {
  return (
    <ul className={`video-list ${className}`}>
      {videos.map((video) => (
        <li key={video.url}>
          <a href={video.url}>
            {video.label ? <span className="video-label">{video.label}</span> : null}
            {video.image ? (
              <img
                src={video.image.src}
                srcSet={video.image.srcSet}
                sizes={video.image.sizes}
                width={video.image.width}
                height={video.image.height}
                alt=""
                loading="lazy"
                decoding="async"
                {...{ [CARD_IMAGE_FALLBACK_ATTRIBUTE]: DEFAULT_POSTER_IMAGE }}
              />
            ) : null}
            <span className="video-title">{video.name}</span>
            {video.duration ? (
              <span className="duration">
                <span className="visually-hidden">Duration </span>
                {video.duration}
              </span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Reads the flag; storage may be missing or throw (private modes), which means "shown". */
export function carouselHiddenByFlag(): boolean {
  try {
    return window.localStorage.getItem(VIDEO_CAROUSEL_FLAG_KEY) === VIDEO_CAROUSEL_FLAG_OFF;
  } catch {
    return false;
  }
}

export function VideoCarousel(props: VideoCarouselProps) {
  return props.kind === 'list' ? <VideoRail {...props} /> : <RecommendedStrip videos={props.videos} site={props.site ?? 'news'} />;
}

function RecommendedStrip({ videos, site }: { videos: VideoCarouselItem[]; site: SiteId }) {
  const text = VIDEO_CAROUSEL_TEXTS[site];
  const [live, setLive] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  const [sticky, setSticky] = useState(false);
  const bar = useRef<HTMLElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const arrows = videos.length >= VIDEO_CAROUSEL_ARROWS_FROM;

  const measure = useCallback(() => {
    const element = track.current;
    if (element === null) return;
    setAtStart(element.scrollLeft <= 1);
    setAtEnd(element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
  }, []);

  useEffect(() => {
    setLive(true);
    setHidden(carouselHiddenByFlag());
  }, []);

  useEffect(() => {
    if (!live || hidden) return;
    const element = track.current;
    const barElement = bar.current;
    if (element === null || barElement === null) return;
    measure();
    // The bar's original offset, measured before it is ever sticky (a fixed bar has none).
    const offset = barElement.getBoundingClientRect().top + window.scrollY;
    const onScroll = () => setSticky(window.scrollY > offset);
    onScroll();
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', measure);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', measure);
    };
  }, [live, hidden, measure]);

  const scrollBy = (direction: 1 | -1) => {
    const element = track.current;
    if (element === null) return;
    element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };

  return (
    <nav
      ref={bar}
      className={sticky ? 'recommended-videos is-sticky' : 'recommended-videos'}
      aria-label={text.label}
      hidden={hidden}
      data-sticky={sticky ? 'true' : undefined}
    >
      <div className="video-carousel-track" ref={track}>
        <VideoList videos={videos} className="recommended" />
      </div>
      {arrows ? (
        <>
          <button type="button" className="carousel-arrow carousel-prev" aria-label={text.previous} hidden={!live} disabled={atStart} onClick={() => scrollBy(-1)}>
            ‹
          </button>
          <button type="button" className="carousel-arrow carousel-next" aria-label={text.next} hidden={!live} disabled={atEnd} onClick={() => scrollBy(1)}>
            ›
          </button>
        </>
      ) : null}
    </nav>
  );
}

/** Tracks whether a horizontal track is at its start and at its end (1px tolerance for rounding). */
function useScrollEnds(track: RefObject<HTMLDivElement | null>, active: boolean) {
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  useEffect(() => {
    const element = track.current;
    if (!active || element === null) return;
    const measure = () => {
      setAtStart(element.scrollLeft <= 1);
      setAtEnd(element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [track, active]);
  return { atStart, atEnd };
}

/** A video-area horizontal list (spec 2 §2), see the header. */
function VideoRail({ videos, title, seeAllUrl, itemStyle = 'video', site = 'news' }: VideoCarouselProps) {
  const text = VIDEO_CAROUSEL_TEXTS[site];
  const [live, setLive] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const { atStart, atEnd } = useScrollEnds(track, live);
  useEffect(() => setLive(true), []);

  const scrollBy = (direction: 1 | -1) => {
    const element = track.current;
    if (element !== null) element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  const backToStart = () => track.current?.scrollTo({ left: 0, behavior: 'smooth' });
  const label = title ?? text.label;

  return (
    <section className={`video-rail video-rail-${itemStyle}`} aria-label={label}>
      <div className="video-rail-header">
        {title ? <h2 className="video-rail-title">{title}</h2> : null}
        {seeAllUrl ? (
          <a className="video-rail-see-all" href={seeAllUrl}>
            {text.seeAll}
            <span className="visually-hidden">{` ${label}`}</span>
          </a>
        ) : null}
        <div className="video-rail-controls" hidden={!live}>
          <button type="button" className="video-rail-button video-rail-prev" aria-label={text.previous} disabled={atStart} onClick={() => scrollBy(-1)}>
            ‹
          </button>
          {videos.length > 1 ? (
            <button type="button" className="video-rail-button video-rail-next" aria-label={text.next} disabled={atEnd} onClick={() => scrollBy(1)}>
              ›
            </button>
          ) : null}
          <button type="button" className="video-rail-button video-rail-start" aria-label={text.backToStart} disabled={atStart} onClick={backToStart}>
            «
          </button>
        </div>
      </div>
      <div className="video-rail-track" ref={track}>
        <VideoList videos={videos} className={`video-list-${itemStyle}`} />
      </div>
    </section>
  );
}
