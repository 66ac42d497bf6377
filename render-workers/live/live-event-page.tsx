/**
 * The live-event page at /coverage/{page?} (spec 2 §2 "coverage-page: live event layout" and the
 * live-event header; §3; §5 adInfo; §9 breakpoints): the header (eyebrow, title, date, dek, the
 * optional breaking flag and background image), the optional video with its playlist (the
 * LiveEventVideo island: Show More below 768px, Expand Video from 768px, the
 * pieces=live-stream-playlist-expanded link), the ad when adInfo is complete, the live blog's
 * updates newest first with their times (the same entries as the LiveBlogPosting JSON-LD),
 * or a clear message when the live blog failed or has nothing yet, the layout regions
 * (pre-content, main, left rail, right rail, post-content) and the LiveBlogPosting JSON-LD. Every
 * text and URL in the view is already checked by render-workers/live/build-live-event-page.ts.
 */
import { uiText, type UiText } from '../../core/isomorphic/ui-text.js';
import { Island } from '../../interactive-bundle/island.js';
import type { LiveEventVideoProps } from '../../interactive-bundle/islands/live-event-video.island.js';
import { JsonLd } from '../shared/structured-data/news-article.js';
import { LeftRail, Region } from '../shared/front-components.js';
import { FRONT_CSS } from '../shared/section-front-page.js';
import type { FrontComponent, FrontRegions } from '../shared/front-view-model.js';
import type { LiveUpdateEntry } from './live-blog-updates.js';
import type { LiveEventAd } from './live-event-rules.js';
import { Document } from '../shell/document.js';
import type { PageModel } from '../shared/view-model.js';

/** The breaking flag's text in the news edition (the spec names the flag, not its words; the fronts' flag says "Breaking"); ui-text `breaking`. */
export const LIVE_BREAKING_TEXT = 'Breaking';

export interface LiveEventPageView {
  eyebrow?: string;
  title: string;
  date?: { iso: string; label: string };
  dek?: string;
  isBreaking: boolean;
  backgroundImage?: string;
  video: LiveEventVideoProps | null;
  ad: LiveEventAd | null;
  regions: FrontRegions;
  leftRail: FrontComponent[];
  /**
   * The live blog, when the event names one: its updates newest first (`ok`), none published yet
   * (`missing`), or a failed read (`failed`), which readers are told about.
   */
  liveBlog: { status: 'ok' | 'missing' | 'failed'; entries: LiveUpdateEntry[] } | null;
  jsonLd: unknown;
}

/**
 * Spec 2 §9: mobile below 768px. The playlist's `:target` rule is the no-script expand link's.
 * Show More and Expand Video take the site's button look, touch target and focus ring from the
 * shell's one button rule (shell/styles.ts SITE_BUTTON_DECLARATIONS).
 */
const LIVE_EVENT_CSS = [
  '.live-header{position:relative;padding:24px 16px;background:#0b1f3a;color:#fff;overflow:hidden}',
  '.live-header-background{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:.3}',
  '.live-header>*:not(.live-header-background){position:relative}',
  '.live-header h1{margin:4px 0 8px}',
  '.live-eyebrow{margin:0;text-transform:uppercase;font-weight:700;letter-spacing:.04em}',
  '.live-breaking{display:inline-block;margin:0 0 8px;padding:2px 8px;background:#c00;color:#fff;font-weight:700;text-transform:uppercase}',
  '.live-dek{margin:8px 0 0;font-size:1.125rem}',
  '.live-video{margin:16px 0}',
  '.live-video-player{margin:0;max-width:640px}',
  '.live-video-media{display:block;position:relative;padding-top:56.25%;background:#000}',
  '.live-video-media img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}',
  '.live-video figcaption{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}',
  '.live-video-category{font-weight:700;text-transform:uppercase}',
  '.live-video-controls{display:flex;flex-wrap:wrap;align-items:center;gap:12px;margin:8px 0}',
  '.live-playlist{list-style:none;padding:0;margin:8px 0;display:grid;gap:12px}',
  '.live-playlist[hidden]{display:none}',
  '.live-playlist[hidden]:target{display:grid}',
  '.live-playlist-item{display:flex;gap:12px;align-items:flex-start}',
  '.live-playlist-item img{width:240px;height:auto}',
  '.live-playlist-text{display:flex;flex-direction:column;gap:4px}',
  '.live-video.is-expanded .live-video-player{max-width:none}',
  '@media (min-width:768px){.live-video-show-more{display:none}.live-video.is-expanded{display:grid;grid-template-columns:2fr 1fr;gap:16px;align-items:start}.live-video.is-expanded .live-video-controls{grid-column:1 / -1;grid-row:2}.live-video.is-expanded .live-playlist{grid-column:2;grid-row:1;margin:0}}',
  '@media (max-width:767px){.live-video-expand{display:none}.live-playlist-item img{width:132px}}',
  '.live-ad{margin:16px 0;text-align:center}',
  '.live-updates{margin:16px 0}',
  '.live-updates-list{list-style:none;margin:0;padding:0}',
  '.live-update{padding:12px 0;border-top:1px solid #d6d6d6}',
  '.live-update time{display:block;font-size:.875rem;font-weight:700;color:#c00}',
  '.live-update h3{margin:4px 0}',
  '.live-update p{margin:4px 0 0}',
  '.live-updates-message{padding:12px;background:#f3f3f3;border-left:4px solid #c00}',
  '.live-layout{display:grid;gap:16px}',
  '@media (min-width:1024px){.live-layout{grid-template-columns:200px minmax(0,1fr) 300px}}',
].join('');

/** The live blog's updates, newest first, or the message that says why there are none. */
function LiveUpdates({ liveBlog, text }: { liveBlog: NonNullable<LiveEventPageView['liveBlog']>; text: UiText }) {
  return (
    <section className="live-updates" aria-labelledby="live-updates-heading">
      <h2 id="live-updates-heading">{text.liveUpdates}</h2>
      {liveBlog.status === 'failed' ? (
        <p className="live-updates-message live-updates-unavailable" role="status">
          {text.liveUpdatesUnavailable}
        </p>
      ) : liveBlog.entries.length === 0 ? (
        <p className="live-updates-message">{text.noLiveUpdates}</p>
      ) : (
        <ol className="live-updates-list">
          {liveBlog.entries.map((entry) => (
            <li key={entry.anchor}>
              <article className="live-update" id={entry.anchor}>
                <time dateTime={entry.datePublished}>{entry.timeLabel}</time>
                <h3>{entry.headline}</h3>
                {entry.body === undefined ? null : <p>{entry.body}</p>}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function LiveEventPage({ model }: { model: PageModel<LiveEventPageView> }) {
  const { view } = model;
  const text = uiText(model.shell.site.id);
  return (
    <Document
      head={model.head}
      shell={model.shell}
      bodyClass="page-coverage-page"
      extraHead={
        <>
          <style dangerouslySetInnerHTML={{ __html: FRONT_CSS + LIVE_EVENT_CSS }} />
          <JsonLd data={view.jsonLd} />
        </>
      }
    >
      <article className="live-event front">
        <header className="live-header">
          {view.backgroundImage ? <img className="live-header-background" src={view.backgroundImage} alt="" /> : null}
          {view.isBreaking ? <p className="live-breaking">{text.breaking}</p> : null}
          {view.eyebrow ? <p className="live-eyebrow">{view.eyebrow}</p> : null}
          <h1 className="live-title">{view.title}</h1>
          {view.date ? (
            <p className="live-date">
              <time dateTime={view.date.iso}>{view.date.label}</time>
            </p>
          ) : null}
          {view.dek ? <p className="live-dek">{view.dek}</p> : null}
        </header>
        {view.video ? <Island name="LiveEventVideo" props={{ ...view.video, site: model.shell.site.id }} /> : null}
        {view.ad ? (
          <aside className="live-ad" aria-label={view.ad.text} data-ad-size={view.ad.size} data-ad-unit={view.ad.value}>
            <span className="ad-label">{view.ad.text}</span>
          </aside>
        ) : null}
        {view.liveBlog ? <LiveUpdates liveBlog={view.liveBlog} text={text} /> : null}
        <Region name="pre-content" components={view.regions.preContent} />
        <div className="live-layout">
          <LeftRail components={view.leftRail} />
          <Region name="main-components" components={view.regions.main} />
          <Region name="right-rail" components={view.regions.rightRail} as="aside" />
        </div>
        <Region name="post-content" components={view.regions.postContent} />
      </article>
    </Document>
  );
}
