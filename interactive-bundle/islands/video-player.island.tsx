/**
 * The single video page's player (spec 2 §2: the player in its 56.25% container, with its poster).
 *
 * A facade: the page shows the poster with a play button, and the `<video controls>` element is
 * created only when the reader presses it (and then starts playing). Chromium builds a media
 * element's controls (a shadow tree with its own style sheet) as soon as the element is parsed,
 * even with `preload="none"`; on a mid-range phone that style and layout work was the largest
 * main-thread cost of the video page's load (docs/adr/0039-main-thread-at-page-load.md).
 *
 * Progressive enhancement: the server renders the button hidden, and the page component puts the
 * same `<video controls>` in a `<noscript>` beside this island, so a reader without script gets
 * the native player; with script the browser never parses the noscript content. Once hydrated the
 * button shows; pressing it swaps in the player, which starts and takes the focus so the keyboard
 * reaches its controls. The props check accepts an empty title: a refused island would leave a
 * reader with script and no player at all.
 */
import { useEffect, useRef, useState, type Ref } from 'react';
import { IslandPropsError, type JsonObject, type JsonValue } from '../island-props.js';
import { isRecord } from '../../core/isomorphic/guards.js';
import { hasSafeUrlStart } from '../../core/isomorphic/safe-url.js';
import { DEFAULT_POSTER_IMAGE } from '../client/platform/image-fallback.js';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';

type VideoStream = { url: string; type: string };

export type VideoPlayerProps = {
  /** The video's title, for the player's and the play button's accessible names; may be empty. */
  title: string;
  /** The 1280x720 poster the page already shows behind the button; null: the default poster. */
  poster: string | null;
  /** The sources, in the order the browser should try them; never empty. */
  streams: VideoStream[];
  /** The edition, for the button's name; the news edition when absent. */
  site?: SiteId;
};

function parseStream(value: JsonValue): VideoStream {
  if (!isRecord(value)) throw new IslandPropsError('VideoPlayer streams are { url, type } objects');
  const { url, type } = value;
  if (typeof url !== 'string' || !hasSafeUrlStart(url)) throw new IslandPropsError('VideoPlayer stream url must be a safe address');
  if (typeof type !== 'string') throw new IslandPropsError('VideoPlayer stream type must be a string');
  return { url, type };
}

export function parseVideoPlayerProps(props: JsonObject): VideoPlayerProps {
  const { title, poster, streams, site } = props;
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('VideoPlayer site must be a site id');
  // An empty title is allowed: refusing the props would skip the island and leave no player.
  if (typeof title !== 'string') throw new IslandPropsError('VideoPlayer title must be a string');
  if (poster !== null && (typeof poster !== 'string' || !hasSafeUrlStart(poster))) throw new IslandPropsError('VideoPlayer poster must be null or a safe address');
  if (!Array.isArray(streams) || streams.length === 0) throw new IslandPropsError('VideoPlayer needs at least one stream');
  return { title, poster, streams: streams.map(parseStream), ...(site === undefined ? {} : { site }) };
}

/** The native player with the page's sources; what the noscript copy and the facade both show. */
export function VideoElement({ title, poster, streams, autoPlay = false, videoRef }: VideoPlayerProps & { autoPlay?: boolean; videoRef?: Ref<HTMLVideoElement> }) {
  return (
    <video ref={videoRef} controls preload={autoPlay ? 'auto' : 'none'} autoPlay={autoPlay} playsInline aria-label={title === '' ? undefined : title} poster={poster ?? DEFAULT_POSTER_IMAGE}>
      {streams.map((stream) => (
        <source key={stream.url} src={stream.url} type={stream.type} />
      ))}
    </video>
  );
}

export function VideoPlayer(props: VideoPlayerProps) {
  const [live, setLive] = useState(false);
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  // The button's name: ui-text's playVideo, then ": " and the title when there is one.
  const play = uiText(props.site ?? 'news').playVideo;
  useEffect(() => setLive(true), []);
  useEffect(() => {
    const video = videoRef.current;
    if (!playing || video === null) return;
    video.focus();
    // autoplay alone is not always honoured for an element created after the press (iOS Safari);
    // play() inside the press's effect is. A refused or failed start leaves the controls to the reader.
    video.play().catch(() => undefined);
  }, [playing]);
  if (playing) return <VideoElement title={props.title} poster={props.poster} streams={props.streams} autoPlay videoRef={videoRef} />;
  return (
    <button type="button" className="video-play" hidden={!live} aria-label={props.title === '' ? play : `${play}: ${props.title}`} onClick={() => setPlaying(true)}>
      <svg className="video-play-icon" viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false">
        <rect width="68" height="48" rx="12" fill="currentColor" />
        <path d="M27 14v20l18-10z" fill="#fff" />
      </svg>
    </button>
  );
}
