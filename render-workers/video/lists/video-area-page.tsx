/**
 * The video area's list pages (spec 2 §2): video home, video shows list, a show's video page and
 * topic pages. One template: a video-area nav, a heading, the page's own part (the show header,
 * the topic list or the shows grid) and the horizontal lists, each the VideoCarousel island in its
 * 'list' kind (interactive-bundle/islands/video-carousel.island.tsx).
 *
 * Theme (spec 2 §2 "A theme cookie with the value light or dark sets the video theme"): the shared
 * THEME_SCRIPT sets data-theme on the document before first paint; these styles only read the
 * shared colour variables and [data-theme], so the stored page is the same for every reader.
 */
import { Island } from '../../../interactive-bundle/island.js';
import { VideoList, type VideoCarouselItem, type VideoListItemStyle } from '../../../interactive-bundle/islands/video-carousel.island.js';
import type { VideoLoadMoreProps } from '../../../interactive-bundle/islands/video-load-more.island.js';
import { Document } from '../../shell/document.js';
import { useSiteId, useUiText } from '../../shell/ui-text-context.js';
import type { UiTextKey } from '../../../core/isomorphic/ui-text.js';
import type { PageModel } from '../../shared/view-model.js';
import { cardCss, type CardImage } from './card-images.js';
import type { CarouselView } from './carousels.js';

export interface VideoAreaShowHeader {
  title: string;
  description?: string;
  airtime?: string;
  poster?: CardImage & { alt: string };
  /** The show's own page (/shows/{id}). */
  showPageUrl: string;
}

export interface VideoAreaView {
  /** Body class suffix and what the page is: 'home', 'shows', 'show', 'topics', 'topic'. */
  kind: string;
  heading: string;
  intro?: string;
  show?: VideoAreaShowHeader;
  topics?: { label: string; url: string }[];
  grid?: { label: string; style: VideoListItemStyle; items: VideoCarouselItem[] };
  carousels: CarouselView[];
  /** A paged list with Show More after the carousels (spec 1 §9 "Video load-more step 3"). */
  more?: VideoLoadMoreProps;
  /** Shown when the page has no list at all. */
  emptyText?: string;
}

/** The video area's sections, as a nav on every page of it (labels from the edition's interface text). */
export const VIDEO_AREA_NAV = [
  { text: 'videoAreaHome', url: '/video' },
  { text: 'videoAreaShows', url: '/video/shows' },
  { text: 'videoAreaTopics', url: '/video/topics' },
] as const satisfies ReadonlyArray<{ text: UiTextKey; url: string }>;

/** The nav, in the edition's language: rendered inside Document, whose provider gives the edition. */
function VideoAreaNav({ path }: { path: string }) {
  const text = useUiText();
  return (
    <nav className="video-area-nav" aria-label={text.videoHome}>
      <ul>
        {VIDEO_AREA_NAV.map((link) => (
          <li key={link.url}>
            <a href={link.url} aria-current={path === link.url ? 'page' : undefined}>
              {text[link.text]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const VIDEO_AREA_CSS = [
  '.video-area-nav ul{display:flex;gap:16px;list-style:none;margin:0 0 12px;padding:0;border-bottom:1px solid var(--rule)}',
  '.video-area-nav a{display:inline-block;padding:6px 0;font-weight:600;color:var(--ink);text-decoration:none}',
  '.video-area-nav a[aria-current="page"]{border-bottom:3px solid var(--accent)}',
  '.video-rail{margin:20px 0}',
  '.video-rail-header{display:flex;align-items:center;gap:12px;margin-bottom:8px}',
  '.video-rail-title{font-size:1.25rem;margin:0}',
  '.video-rail-see-all{font-weight:600;font-size:.9rem}',
  '.video-rail-controls:not([hidden]){display:flex;gap:6px;margin-left:auto}',
  '.video-rail-button{width:36px;height:36px;border-radius:50%;border:1px solid var(--rule);background:var(--bg);color:var(--ink);font-size:1.2rem;cursor:pointer}',
  '.video-rail-button:disabled{opacity:.35;cursor:default}',
  // Spec 2 §2: all arrows hide below 768px.
  '@media (max-width:767px){.video-rail-controls:not([hidden]){display:none}}',
  '.video-rail-track{overflow-x:auto}',
  '.video-rail-track ul.video-list{display:flex;gap:12px;width:max-content}',
  '.video-rail-track ul.video-list li,.video-grid ul.video-list li{flex:0 0 auto}',
  '.video-grid ul.video-list{display:flex;flex-wrap:wrap;gap:16px}',
  '.video-label{display:block;font-size:.75rem;font-weight:700;text-transform:uppercase;color:var(--accent)}',
  '.video-area-empty{color:var(--muted)}',
  // The paged list in rows of 3 (its step) from tablet up, one full-width column on phones.
  '.video-load-more{margin:20px 0}',
  '.video-load-more .video-rail-title{margin-bottom:8px}',
  '.video-load-more ul.video-list{display:grid;grid-template-columns:minmax(0,1fr);gap:16px;list-style:none;margin:0;padding:0}',
  '@media (min-width:768px){.video-load-more ul.video-list{grid-template-columns:repeat(3,minmax(0,1fr))}}',
  '.video-load-more ul.video-list li{width:auto}',
  '.video-load-more ul.video-list img{display:block;width:100%;height:auto}',
  '.video-load-more-button{display:block;margin:16px auto 0;min-width:160px;min-height:44px;padding:8px 24px;border:1px solid var(--rule);border-radius:22px;background:var(--bg);color:var(--ink);font-weight:600;cursor:pointer}',
  '.video-load-more-button:disabled{opacity:.6;cursor:progress}',
  '.video-load-more-error{color:var(--accent);font-weight:600;text-align:center}',
  '.video-show-header{display:flex;gap:16px;align-items:flex-start;margin:12px 0}',
  '.video-show-header img{height:auto;max-width:40vw}',
  '.video-topics ul{display:flex;flex-wrap:wrap;gap:12px;list-style:none;padding:0}',
  '.video-topics a{display:inline-block;padding:6px 14px;border:1px solid var(--rule);border-radius:16px;text-decoration:none}',
  '[data-theme="dark"] .video-area{color:var(--ink)}',
  '[data-theme="dark"] .video-rail-button{background:#202124}',
].join('');

/** The paged list's island, with the edition for its button's language (inside the page's UiTextProvider). */
function MoreVideos({ more }: { more: NonNullable<VideoAreaView['more']> }) {
  const site = useSiteId();
  return <Island name="VideoLoadMore" props={{ ...more, items: more.items.map((item) => ({ ...item, ...(item.image ? { image: { ...item.image } } : {}) })), site }} />;
}

function Rail({ carousel }: { carousel: CarouselView }) {
  const site = useSiteId();
  if (carousel.emptyText !== undefined) {
    return (
      <section className={`video-rail video-rail-${carousel.style}`} aria-label={carousel.title}>
        <div className="video-rail-header">
          <h2 className="video-rail-title">{carousel.title}</h2>
        </div>
        <p className="video-area-empty">{carousel.emptyText}</p>
      </section>
    );
  }
  return (
    <Island
      name="VideoCarousel"
      props={{
        kind: 'list',
        site,
        title: carousel.title,
        itemStyle: carousel.style,
        ...(carousel.seeAllUrl === undefined ? {} : { seeAllUrl: carousel.seeAllUrl }),
        videos: carousel.items.map((item) => ({
          name: item.name,
          url: item.url,
          ...(item.duration ? { duration: item.duration } : {}),
          ...(item.label ? { label: item.label } : {}),
          ...(item.image ? { image: { ...item.image } } : {}),
        })),
      }}
    />
  );
}

export function VideoAreaPage({ model, path }: { model: PageModel<VideoAreaView>; path: string }) {
  const { view } = model;
  return (
    <Document head={model.head} shell={model.shell} bodyClass={`page-video page-video-${view.kind}`} extraHead={<style dangerouslySetInnerHTML={{ __html: VIDEO_AREA_CSS + cardCss() }} />}>
      <div className="video-area">
        <VideoAreaNav path={path} />
        {view.show ? (
          <header className="video-show-header">
            {view.show.poster ? (
              <img
                src={view.show.poster.src}
                srcSet={view.show.poster.srcSet}
                sizes={view.show.poster.sizes}
                width={view.show.poster.width}
                height={view.show.poster.height}
                alt={view.show.poster.alt}
              />
            ) : null}
            <div>
              <h1>{view.heading}</h1>
              {view.show.airtime ? <p className="video-show-airtime">{view.show.airtime}</p> : null}
              {view.show.description ? <p className="video-show-description">{view.show.description}</p> : null}
              <p>
                <a href={view.show.showPageUrl}>{`About ${view.show.title}`}</a>
              </p>
            </div>
          </header>
        ) : (
          <h1>{view.heading}</h1>
        )}
        {view.intro ? <p className="video-area-intro">{view.intro}</p> : null}
        {view.topics ? (
          <nav className="video-topics" aria-label="Video topics">
            <ul>
              {view.topics.map((topic) => (
                <li key={topic.url}>
                  <a href={topic.url}>{topic.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {view.grid ? (
          <section className="video-grid" aria-label={view.grid.label}>
            <VideoList videos={view.grid.items} className={`video-list-${view.grid.style}`} />
          </section>
        ) : null}
        {view.carousels.map((carousel, index) => (
          <Rail key={`${carousel.title}-${index}`} carousel={carousel} />
        ))}
        {view.more ? <MoreVideos more={view.more} /> : null}
        {view.emptyText && view.carousels.length === 0 ? <p className="video-area-empty">{view.emptyText}</p> : null}
      </div>
    </Document>
  );
}
