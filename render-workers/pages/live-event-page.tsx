/**
 * The live-event page at /coverage/{page?} (spec 2 §2 "coverage-page: live event layout" and the
 * live-event header; §3; §5 adInfo; §9 breakpoints): the header (eyebrow, title, date, dek, the
 * optional breaking flag and background image), the optional video with its playlist (the
 * LiveEventVideo island: Show More below 768px, Expand Video from 768px, the
 * pieces=live-stream-playlist-expanded link), the ad when adInfo is complete, the layout regions
 * (pre-content, main, left rail, right rail, post-content) and the LiveBlogPosting JSON-LD. Every
 * text and URL in the view is already checked by render-workers/live/build-live-event-page.ts.
 */
import { Island } from '../../interactive-bundle/island.js';
import type { LiveEventVideoProps } from '../../interactive-bundle/islands/live-event-video.island.js';
import { JsonLd } from '../article/structured-data.js';
import { FrontComponentView, Region } from '../fronts/components.js';
import type { FrontComponent, FrontRegions } from '../fronts/view-model.js';
import type { LiveEventAd } from '../live/live-event-rules.js';
import { Document } from '../shell/document.js';
import type { PageModel } from '../view-model.js';

/** The breaking flag's text (the spec names the flag, not its words; the fronts' flag says "Breaking"). */
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
  jsonLd: unknown;
}

/** Spec 2 §9: mobile below 768px. The playlist's `:target` rule is the no-script expand link's. */
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
  '.live-video-controls{display:flex;gap:12px;margin:8px 0}',
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
  '.live-layout{display:grid;gap:16px}',
  '@media (min-width:1024px){.live-layout{grid-template-columns:200px minmax(0,1fr) 300px}}',
].join('');

export function LiveEventPage({ model }: { model: PageModel<LiveEventPageView> }) {
  const { view } = model;
  return (
    <Document
      head={model.head}
      shell={model.shell}
      bodyClass="page-coverage-page"
      extraHead={
        <>
          <style dangerouslySetInnerHTML={{ __html: LIVE_EVENT_CSS }} />
          <JsonLd data={view.jsonLd} />
        </>
      }
    >
      <article className="live-event">
        <header className="live-header">
          {view.backgroundImage ? <img className="live-header-background" src={view.backgroundImage} alt="" /> : null}
          {view.isBreaking ? <p className="live-breaking">{LIVE_BREAKING_TEXT}</p> : null}
          {view.eyebrow ? <p className="live-eyebrow">{view.eyebrow}</p> : null}
          <h1 className="live-title">{view.title}</h1>
          {view.date ? (
            <p className="live-date">
              <time dateTime={view.date.iso}>{view.date.label}</time>
            </p>
          ) : null}
          {view.dek ? <p className="live-dek">{view.dek}</p> : null}
        </header>
        {view.video ? <Island name="LiveEventVideo" props={view.video} /> : null}
        {view.ad ? (
          <aside className="live-ad" aria-label={view.ad.text} data-ad-size={view.ad.size} data-ad-unit={view.ad.value}>
            <span className="ad-label">{view.ad.text}</span>
          </aside>
        ) : null}
        <Region name="pre-content" components={view.regions.preContent} />
        <div className="live-layout">
          {view.leftRail.length > 0 ? (
            <aside className="region region-left-rail" aria-label="Left rail">
              {view.leftRail.map((component, i) => (
                <FrontComponentView key={i} component={component} />
              ))}
            </aside>
          ) : null}
          <Region name="main-components" components={view.regions.main} />
          <Region name="right-rail" components={view.regions.rightRail} as="aside" />
        </div>
        <Region name="post-content" components={view.regions.postContent} />
      </article>
    </Document>
  );
}
