/**
 * The standard, gated and interactive article layouts (spec 1 §2.6). AMP, print and slideshow
 * have their own components (article-page.amp.tsx, article-page.print.tsx, slideshow-page.tsx).
 */
import { ShareList, shareLinks } from '../../shell/share-links.js';
import type { ReactNode } from 'react';
import { formatArticleDate } from '../../../core/isomorphic/dates.js';
import { uiText, type UiText } from '../../../core/isomorphic/ui-text.js';
import { IMAGE_SIZES } from '../../../core/isomorphic/images.js';
import { DEALS_SECTION } from '../../../core/isomorphic/deals.js';
import { BodyBlocks } from '../../blocks/blocks.js';
import { Document, type DocumentProps } from '../../shell/document.js';
import type { ListSection, ShellModel } from '../../shared/view-model.js';
import type { ArticlePageView } from './article-view.js';
import { GateOverlay } from './gate-overlay.js';
import { PAYWALL_CLASS } from '../../shared/structured-data/news-article.js';
import { Island } from '../../../interactive-bundle/island.js';
import { useSiteId } from '../../shell/ui-text-context.js';
import { HEALTH_SECTION } from '../../shared/ads.js';

export interface ArticlePageProps {
  head: DocumentProps['head'];
  shell: ShellModel;
  view: ArticlePageView;
  /** Article meta tags and JSON-LD (render-workers/article/meta.ts, structured-data.ts). */
  extraHead?: ReactNode;
}

/** The entertainment section's mobile block (spec 1 §2.6). */
export const ON_OUR_RADAR = 'On Our Radar';


export function ArticlePage({ head, shell, view, extraHead }: ArticlePageProps) {
  const bodyClass = `page-article layout-${view.layout} section-${view.section}`;
  // Deals show when the section is deals or the tags include shopping or commerce (spec 2 §5); the
  // disclosure exists exactly when those tags do (core/isomorphic/deals.ts), so it decides too.
  const deals = { show: view.section === DEALS_SECTION || view.disclosure !== undefined, disclosure: view.disclosure };
  const text = uiText(shell.site.id);
  return (
    <Document head={head} shell={shell} bodyClass={bodyClass} extraHead={extraHead} headerAd={view.layout !== 'interactive' && view.section !== HEALTH_SECTION}>
      {view.banners.length > 0 ? (
        <nav className="special-series" aria-label="Special series">
          {view.banners.map((banner) => (
            <a key={banner.url} href={banner.url}>
              {banner.name}
            </a>
          ))}
        </nav>
      ) : null}
      {view.recommendedVideos.length > 0 ? <RecommendedVideos videos={view.recommendedVideos} /> : null}
      <div className={view.layout === 'standard' ? 'article-layout with-sidebar' : 'article-layout'}>
        {view.layout === 'standard' ? <ArticleSidebar view={view} text={text} /> : null}
        <article className="article">
          <ArticleHeader view={view} text={text} lang={shell.site.lang} />
          {view.layout === 'gated' ? (
            <>
              {view.featuredBlocks.length > 0 ? (
                <div className="featured">
                  <BodyBlocks blocks={view.featuredBlocks} deals={deals} withHero />
                </div>
              ) : null}
              <div className="gate">
                <GateOverlay siteName={shell.site.name} site={shell.site.id} />
              </div>
            </>
          ) : null}
          {view.disclosure ? <p className="disclosure">{view.disclosure}</p> : null}
          {/* Gated: the remaining body is the restricted part the JSON-LD hasPart names. */}
          <div className={view.layout === 'gated' ? `article-body ${PAYWALL_CLASS}` : 'article-body'}>
            <BodyBlocks blocks={view.blocks} deals={deals} withHero={view.layout !== 'gated' || view.featuredBlocks.length === 0} />
          </div>
          {view.onOurRadar && view.onOurRadar.items.length > 0 ? (
            <section className="on-our-radar mobile-only" aria-labelledby="on-our-radar">
              <h2 id="on-our-radar">{ON_OUR_RADAR}</h2>
              <ul>
                {view.onOurRadar.items.map((item) => (
                  <li key={item.url}>
                    <a href={item.url}>{item.title}</a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {view.layout === 'interactive' ? (view.comments ? <Comments text={text} variant={view.commentsVariant} /> : null) : <ArticleFooter view={view} text={text} />}
        </article>
        {view.layout !== 'interactive' && view.rightRail.length > 0 ? <RightRail sections={view.rightRail} text={text} /> : null}
      </div>
      {view.postContent.length > 0 ? <PostContent sections={view.postContent} text={text} /> : null}
    </Document>
  );
}

/**
 * The standard page's sticky left sidebar (spec 1 §2.6): share links for the article and a jump to
 * its comments. Beside the article from the desktop breakpoint, where it stays in view while the
 * reader scrolls; a row above the article on narrower screens.
 */
function ArticleSidebar({ view, text }: { view: ArticlePageView; text: UiText }) {
  return (
    <aside className="article-sidebar" aria-label={text.share}>
      <ShareList links={shareLinks(view.shareUrl, view.headline, text)} className="share-list" label={text.share} />
      {view.comments ? (
        // An icon like the share links beside it: the word would not fit the narrow column in
        // every edition ("Comentarios"); screen readers get the word.
        <a className="sidebar-comments" href="#comments" aria-label={text.comments}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M4 4h16v11H9l-5 5z" fill="currentColor" />
          </svg>
        </a>
      ) : null}
    </aside>
  );
}

function ArticleHeader({ view, text, lang }: { view: ArticlePageView; text: UiText; lang: string }) {
  return (
    <header className="article-header">
      {view.category ? (
        <p className="eyebrow">
          <a href={view.category.url}>{view.category.name}</a>
        </p>
      ) : null}
      <h1 className="headline">{view.headline}</h1>
      {view.subHeadline ? <p className="dek">{view.subHeadline}</p> : null}
      {view.layout === 'interactive' ? null : (
        <>
          {view.authors.length > 0 || view.source ? (
            <div className="byline">
              {view.authors.map((author) => (
                <span className="author" key={author.url ?? author.name}>
                  {author.headshotUrl ? (
                    <img className="headshot" src={author.headshotUrl} alt="" width={IMAGE_SIZES.headshot.width} height={IMAGE_SIZES.headshot.height} />
                  ) : null}
                  {author.url ? <a href={author.url}>{author.name}</a> : author.name}
                </span>
              ))}
              {view.source ? <span className="source">{view.source.name}</span> : null}
            </div>
          ) : null}
          <p className="dates">
            {view.publishedAt === null ? (
              text.draft
            ) : (
              <>
                {`${text.published} `}
                <time dateTime={view.publishedAt}>{formatArticleDate(view.publishedAt, lang)}</time>
              </>
            )}
            {view.updatedAt && view.updatedAt !== view.publishedAt ? (
              <>
                {` | ${text.updated} `}
                <time dateTime={view.updatedAt}>{formatArticleDate(view.updatedAt, lang)}</time>
              </>
            ) : null}
          </p>
          {view.printUrl ? (
            <p className="article-tools">
              <a className="print-link" href={view.printUrl} rel="nofollow">
                {text.print}
              </a>
            </p>
          ) : null}
        </>
      )}
    </header>
  );
}

function ArticleFooter({ view, text }: { view: ArticlePageView; text: UiText }) {
  return (
    <footer className="article-footer">
      {view.footerNote ? <p className="footer-note">{view.footerNote}</p> : null}
      {view.authorBios.map((bio) => (
        <section className="author-bio" key={bio.name}>
          <h2>{bio.url ? <a href={bio.url}>{bio.name}</a> : bio.name}</h2>
          <p>{bio.bio}</p>
        </section>
      ))}
      {view.liveBlog ? <section className="live-blog" data-event-code={view.liveBlog.eventCode} aria-label={text.liveUpdates} /> : null}
      {view.sponsor ? (
        <aside className="sponsor">
          {view.sponsor.indicator ? <p className="sponsor-indicator">{view.sponsor.indicator}</p> : null}
          {view.sponsor.disclaimer ? <p className="sponsor-disclaimer">{view.sponsor.disclaimer}</p> : null}
        </aside>
      ) : null}
      {view.relatedTopics.length > 0 ? (
        <nav className="related-topics" aria-labelledby="related-topics">
          <h2 id="related-topics">{text.relatedTopics}</h2>
          <ul>
            {view.relatedTopics.map((topic) => (
              <li key={topic.url}>
                <a href={topic.url}>{topic.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {view.tags.length > 0 ? (
        <ul className="article-tags">
          {view.tags.map((tag) => (
            <li key={tag.url}>
              <a href={tag.url}>{tag.name}</a>
            </li>
          ))}
        </ul>
      ) : null}
      {view.comments ? <Comments text={text} variant={view.commentsVariant} /> : null}
    </footer>
  );
}

/**
 * The comments; the forum variant (spec 1 §2.6) is marked so the comments provider opens the forum
 * board. The site has no comments provider yet, so the section says so instead of standing empty
 * under its heading (the sidebar's and the AMP page's comment links lead here).
 */
function Comments({ text, variant }: { text: UiText; variant: 'forum' | undefined }) {
  return (
    <section className={variant === 'forum' ? 'comments comments-forum' : 'comments'} id="comments" aria-labelledby="comments-heading" {...(variant === 'forum' ? { 'data-comments-variant': 'forum' } : {})}>
      <h2 id="comments-heading">{text.comments}</h2>
      <p>{text.commentsUnavailable}</p>
    </section>
  );
}

/** Link lists beside the article: the right rail and the post-content region share one layout. */
function StoryLists({ sections, listClassName, text }: { sections: ListSection[]; listClassName?: string; text: UiText }) {
  return (
    <>
      {sections.map((section, index) => (
        <section key={index} aria-label={section.title ?? text.moreStories}>
          {section.title ? <h2>{section.title}</h2> : null}
          <ul className={listClassName}>
            {section.items.map((item) => (
              <li key={item.url}>
                <a href={item.url}>{item.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function RightRail({ sections, text }: { sections: ListSection[]; text: UiText }) {
  return (
    <aside className="right-rail" aria-label={text.moreStories}>
      <StoryLists sections={sections} text={text} />
    </aside>
  );
}

function PostContent({ sections, text }: { sections: ListSection[]; text: UiText }) {
  return (
    <div className="post-content">
      <StoryLists sections={sections} listClassName="article-list" text={text} />
    </div>
  );
}

/**
 * The recommended-video strip (spec 1 §2.6, §4): the VideoCarousel island, which renders the same
 * list (render-workers/shared/video-list.tsx) and adds the arrows, the sticky bar and the local flag.
 */
function RecommendedVideos({ videos }: { videos: ArticlePageView['recommendedVideos'] }) {
  const site = useSiteId();
  return (
    <Island
      name="VideoCarousel"
      props={{
        site,
        videos: videos.map((video) => ({
          name: video.name,
          url: video.url,
          ...(video.duration ? { duration: video.duration } : {}),
          ...(video.image
            ? { image: { src: video.image.src, srcSet: video.image.srcSet, sizes: video.image.sizes, width: video.image.width, height: video.image.height } }
            : {}),
        })),
      }}
    />
  );
}
