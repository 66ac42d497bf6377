/**
 * The single video page (spec 2 §2, §4, §9): the video type label (LIVE, FULL EPISODE, CLIP), the
 * player in a 56.25% container with its poster (a failed poster falls back to the default poster
 * through the platform's image fallback, spec 2 §4), the VideoAccess island (Locked marker,
 * subscription bar, preview-pass countdown), the description, the recommended videos without
 * the current one, and the TV schedule (its day from the page's ?dt=, spec 2 §2). Everything in the view is already checked plain text and safe URLs
 * (render-workers/video/build-video-page.ts).
 *
 * Theme (spec 2 §2): the stored page is the same for every reader; the shell's THEME_SCRIPT sets
 * data-theme from the theme cookie in the browser and these styles follow [data-theme] (light is
 * the default, dark swaps the colours).
 */
import { JsonLd } from '../../shared/structured-data/news-article.js';
import { Island } from '../../../interactive-bundle/island.js';
import { CARD_IMAGE_FALLBACK_ATTRIBUTE, DEFAULT_POSTER_IMAGE } from '../../../interactive-bundle/client/platform/image-fallback.js';
import { Document } from '../../shell/document.js';
import { useSiteId, useUiText } from '../../shell/ui-text-context.js';
import { atLeast } from '../../shell/design-tokens.js';
import type { PageModel } from '../../shared/view-model.js';
import { VIDEO_ASPECT_RATIO, VIDEO_TYPE_LABELS, type VideoDomain, type VideoTypeLabel } from './video-rules.js';
import { VideoList, type VideoListItem } from '../../shared/video-list.js';
import { TV_SCHEDULE_ENDPOINT } from '../../../interactive-bundle/islands/tv-schedule.island.js';
import { VideoElement } from '../../../interactive-bundle/islands/video-player.island.js';
import type { ScheduleChannel } from '../../../core/isomorphic/schedule.js';
import { uiText, type UiText } from '../../../core/isomorphic/ui-text.js';


export interface VideoPageView {
  videoId: string;
  title: string;
  description: string;
  typeLabel: VideoTypeLabel;
  /** Spec 2 §4: tagged video_gate. */
  gated: boolean;
  /** Spec 2 §4: fnc or fbn source, or a full episode. */
  needsAuthentication: boolean;
  /** Spec 2 §2: the subscription bar shows only when set (for videos that need sign-in). */
  showBar: boolean;
  showTitle?: string;
  /** Display duration, "5:12". */
  duration?: string;
  airDate?: { iso: string; label: string };
  /** The 1280x720 poster, or none (the default poster is shown). */
  poster?: string;
  streams: { url: string; type: string }[];
  domain: VideoDomain;
  embedUrl: string;
  recommended: VideoListItem[];
  /** The channel the TV schedule opens on: business for fbn videos, else news. */
  scheduleChannel: ScheduleChannel;
  jsonLd: unknown;
}

const VIDEO_PAGE_CSS = [
  '.video-page{--video-bg:#fff;--video-fg:#1a1a1a;--video-muted:#4a4f57;--video-link:#0b5cad;--video-bar:#eef2f7;background:var(--video-bg);color:var(--video-fg);padding:16px}',
  '[data-theme="light"] .video-page{--video-bg:#fff;--video-fg:#1a1a1a;--video-muted:#4a4f57;--video-link:#0b5cad;--video-bar:#eef2f7}',
  '[data-theme="dark"] .video-page{--video-bg:#121417;--video-fg:#f2f4f7;--video-muted:#c3c9d2;--video-link:#8ab8ff;--video-bar:#1f242b}',
  '.video-page a{color:var(--video-link)}',
  '.video-page .video-meta{color:var(--video-muted);display:flex;flex-wrap:wrap;gap:12px;margin:4px 0 12px}',
  '.video-type{display:inline-block;padding:2px 8px;border-radius:2px;background:#003366;color:#fff;font-weight:700;font-size:.8rem;letter-spacing:.04em}',
  '.video-type[data-video-type="LIVE"]{background:#b00020}',
  `.video-frame{position:relative;width:100%;height:0;padding-top:${VIDEO_ASPECT_RATIO};background:#000;overflow:hidden}`,
  '.video-frame img,.video-frame video{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}',
  '.video-frame video{background:transparent}',
  // The play button covers the poster (a press anywhere on it plays), its icon in the middle.
  '.video-play{position:absolute;inset:0;width:100%;height:100%;display:flex;align-items:center;justify-content:center;padding:0;border:0;background:transparent;color:rgba(0,0,0,.72);cursor:pointer}',
  '.video-play[hidden]{display:none}',
  '.video-play:hover,.video-play:focus-visible{color:#c8102e}',
  '.video-play:focus-visible{outline:3px solid #fff;outline-offset:-6px}',
  '.video-locked{display:inline-block;margin:8px 0;padding:2px 8px;border:1px solid currentColor;font-weight:700}',
  '.subscription-bar{display:flex;flex-wrap:wrap;align-items:center;gap:12px;margin:8px 0;padding:12px;background:var(--video-bar)}',
  '.subscription-bar[hidden],.preview-pass[hidden]{display:none}',
  '.subscription-bar p{margin:0}',
  '.tv-provider-sign-in{padding:8px 12px;border:0;border-radius:3px;background:#003366;color:#fff;font-weight:700;cursor:pointer}',
  '.video-recommended .video-list{display:flex;gap:12px;overflow-x:auto;list-style:none;padding:0;position:relative}',
  '.video-recommended .video-list li{flex:0 0 240px}',
  '.video-recommended .video-list img{width:100%;height:auto}',
  // Two columns on desktop, the player and its text beside the recommended videos and
  // the schedule; there the recommended list stacks, thumbnail beside title.
  '.video-page{display:grid;grid-template-columns:minmax(0,1fr);gap:var(--space-5);max-width:var(--page-max);margin:0 auto}',
  '.video-page>*{min-width:0}',
  '.video-player{margin:0 0 var(--space-3)}',
  '.video-page h1.video-title{font-size:var(--fs-2xl);font-weight:800;margin:var(--space-2) 0}',
  '.video-aside h2{font-size:var(--fs-lg);text-transform:uppercase;letter-spacing:.03em;border-bottom:3px solid var(--accent);padding-bottom:var(--space-1)}',
  `${atLeast('articleDesktop')}{`,
  '.video-page{grid-template-columns:minmax(0,1fr) 340px;align-items:start}',
  '.video-aside .video-recommended .video-list{display:block;overflow:visible}',
  '.video-aside .video-recommended .video-list a{display:grid;grid-template-columns:140px minmax(0,1fr);gap:var(--space-3);align-items:start;margin-bottom:var(--space-3)}',
  '.video-aside .video-recommended .video-list img{grid-row:1/span 3}',
  '.video-aside .video-recommended .video-list .duration{grid-column:2;margin-top:calc(-1*var(--space-3))}',
  '.video-aside .video-recommended .video-title{margin:0;font-size:var(--fs-sm)}',
  '}',
].join('');

/** Recommended videos and the TV schedule, in the edition's language (inside Document's provider). */
function VideoAside({ view }: { view: VideoPageView }) {
  const text = useUiText();
  const site = useSiteId();
  return (
    <aside className="video-aside" aria-label={text.recommendedVideos}>
      {view.recommended.length > 0 ? (
        <section className="video-recommended" aria-labelledby="video-recommended-heading">
          <h2 id="video-recommended-heading">{text.recommendedVideos}</h2>
          <VideoList videos={view.recommended} className="recommended" />
        </section>
      ) : null}
      {/* Spec 2 §2: the video page's ?dt= chooses the schedule day (read in the browser). */}
      <Island name="TvSchedule" props={{ title: text.tvSchedule, channel: view.scheduleChannel, endpoint: TV_SCHEDULE_ENDPOINT, dtFromQuery: true, site }} />
    </aside>
  );
}

export function VideoPage({ model }: { model: PageModel<VideoPageView> }) {
  const { view } = model;
  // Outside Document's provider here: the edition's texts by its id.
  const text = uiText(model.shell.site.id);
  return (
    <Document
      head={model.head}
      shell={model.shell}
      bodyClass="page-video"
      extraHead={
        <>
          <style dangerouslySetInnerHTML={{ __html: VIDEO_PAGE_CSS }} />
          <JsonLd data={view.jsonLd} />
        </>
      }
    >
      <article className="video-page" data-video-id={view.videoId} data-video-gate={view.gated ? 'true' : 'false'}>
        <div className="video-main">
          <header>
            <span className="video-type" data-video-type={view.typeLabel}>
              {videoTypeText(view.typeLabel, text)}
            </span>
            <h1 className="video-title">{view.title}</h1>
            <p className="video-meta">
              {view.showTitle ? <span className="video-show">{view.showTitle}</span> : null}
              {view.airDate ? <time dateTime={view.airDate.iso}>{view.airDate.label}</time> : null}
              {view.duration ? (
                <span className="video-duration">
                  <span className="visually-hidden">Duration </span>
                  {view.duration}
                </span>
              ) : null}
            </p>
          </header>
          <figure className="video-player" data-video-id={view.videoId} data-video-domain={view.domain} data-embed-url={view.embedUrl}>
            <div className="video-frame">
              <img
                className="video-poster"
                src={view.poster ?? DEFAULT_POSTER_IMAGE}
                width={1280}
                height={720}
                alt=""
                fetchPriority="high"
                {...{ [CARD_IMAGE_FALLBACK_ATTRIBUTE]: DEFAULT_POSTER_IMAGE }}
              />
              {view.streams.length > 0 ? (
                <>
                  {/* The player is created when the reader presses play (VideoPlayer, ADR 0039); without script, this one. */}
                  <noscript>
                    <VideoElement title={view.title} poster={view.poster ?? null} streams={view.streams} />
                  </noscript>
                  <Island name="VideoPlayer" props={{ title: view.title, poster: view.poster ?? null, streams: view.streams, site: model.shell.site.id }} />
                </>
              ) : null}
            </div>
          </figure>
          <Island name="VideoAccess" props={{ needsAuthentication: view.needsAuthentication, showBar: view.showBar, site: model.shell.site.id }} />
          {view.description ? <p className="video-description">{view.description}</p> : null}
        </div>
        <VideoAside view={view} />
      </article>
    </Document>
  );
}

/** The type label in the edition's words; data-video-type keeps the spec's English label. */
function videoTypeText(label: VideoTypeLabel, text: UiText): string {
  switch (label) {
    case VIDEO_TYPE_LABELS.live:
      return text.videoTypeLive;
    case VIDEO_TYPE_LABELS.fullEpisode:
      return text.videoTypeFullEpisode;
    case VIDEO_TYPE_LABELS.clip:
      return text.videoTypeClip;
  }
}
