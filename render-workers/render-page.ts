/**
 * One render job, steps 1-5 of DESIGN.md's flow: resolve the path to a page builder, load upstream
 * data while recording every read, build the view model, render to HTML or XML, and write storage
 * (skipping unchanged objects). Nothing is written unless every step succeeded.
 *
 * Routing, in order (spec 1 §2.1):
 *   /                                   home (and the 404 page, ADR 0006)
 *   /robots.txt, sitemaps, /rss/*.xml   crawler files (render-workers/crawlers/)
 *   static and special pages            render-workers/static/
 *   /search-results/search, people, /shows...   search/, people/, shows/
 *   /video...                           the video area (render-workers/video/route.ts)
 *   /games, /games/{id}                 render-workers/games/
 *   /coverage/{page?}                   live events (render-workers/live/)
 *   /{section}/{article...}             the article at that path, if any (render-workers/article/)
 *   /{section}, /category/...           section, category, tag and elections fronts (render-workers/fronts/)
 *   anything else                       a static page at that path, if upstream has one
 */
import { organizationJsonLd, webSiteJsonLd } from './home/structured-data.js';
import { createElement } from 'react';
import type { DependencyIndex, PageRef } from '../core/dependency-index.js';
import type { Logger } from '../core/logger.js';
import type { RenderJob } from '../core/queue.js';
import { fillText, uiText } from '../core/isomorphic/ui-text.js';
import { SITES, type SiteId, type SiteInfo } from '../core/isomorphic/sites.js';
import { cacheControlFor } from '../core/storage/cache-policy.js';
import { notFoundPageKey, PAGE_VARIANTS, pageKey, pageKeys } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import type { UpstreamClient } from '../core/upstream/client.js';
import type { ReadReuseCache } from '../core/upstream/read-reuse.js';
import { createRenderSideData, type LastGoodStore, type RenderSideData } from '../core/upstream/side-data.js';
import type { UpstreamClients } from '../core/upstream/clients.js';
import type { StaticPageClient } from '../core/upstream/static-page-client.js';
import type { TagClient } from '../core/upstream/tag-client.js';
import { renderArticle } from './article/render-article.js';
import { redirectRecord } from './shared/redirects.js';
import { editionAlternates } from './shared/alternates.js';
import { buildCrawlerFile, isCrawlerPath } from './crawlers/crawler-files.js';
import { sectionFrontBuilder } from './fronts/build-section-front.js';
import { loadFrontRegions } from './shared/load-components.js';
import { SectionFrontPage } from './shared/section-front-page.js';
import { buildHead, canonicalFor, loadShell } from './shared/shell.js';
import { withSkipLog } from './shared/skip-log.js';
import type { BuiltPage, PageBuildContext } from './page-kind.js';
import { NotFoundPage } from './home/not-found-page.js';
import { loadLatestVideos, type VideoItem } from './shared/videos.js';
import { HTML_CONTENT_TYPE, publishPage } from './publish.js';
import { commitPageRender, type PageRenderRecords } from '../core/render-bookkeeping.js';
import { renderDocument } from './shared/render-html.js';
import { buildStaticPage } from './static/build-static-page.js';
import { isStaticPath } from './static/paths.js';
import { buildSearchPage, isSearchPagePath } from './search/build-search-page.js';
import { buildPersonPage, isPersonPagePath } from './people/build-person-page.js';
import { buildPersonsList, isPersonsListPath } from './people/build-persons-list.js';
import type { ShowClient } from '../core/upstream/show-client.js';
import { buildShowPage } from './shows/build-show-page.js';
import { buildShowsList } from './shows/build-shows-list.js';
import { showIdFromPath, SHOWS_LIST_PATH } from './shows/show-rules.js';
import type { LiveEventClient } from '../core/upstream/live-event-client.js';
import { buildGamesPage, isGamesPath } from './games/build-games-page.js';
import { buildLiveEventPage, isLiveEventPath } from './live/build-live-event-page.js';
import { buildVideoArea, isVideoAreaPath } from './video/route.js';

export interface RenderOutcome {
  /** What the path rendered as: 'home', 'article', 'redirect', 'section', 'static', 'feed', ..., or 'not-found'. */
  kind: string;
  written: string[];
  unchanged: string[];
  /** A degraded render (BuiltPage.degraded) that kept the stored good page: the keys it did not write. */
  kept?: string[];
  /** Side data whose read failed and whose last good copy the page shows (core/upstream/side-data.ts). */
  staleData?: string[];
  /** Side data whose read failed with no good copy anywhere: the page shows it empty and is degraded. */
  missingData?: string[];
  /**
   * The editors' records of this render (the `records` given to `render`) were written with the
   * render's bookkeeping, in its round trip (core/render-bookkeeping.ts): the worker does not
   * write them again.
   */
  recorded?: boolean;
}

function sideDataFallbacks(sideData: RenderSideData): { stale: string[]; missing: string[] } {
  const stale: string[] = [];
  const missing: string[] = [];
  for (const [key, source] of sideData.fallbacks) (source === 'last-good' ? stale : missing).push(key);
  return { stale, missing };
}

export interface PageRenderer {
  /**
   * Renders and publishes every variant of one page. With `records` (the worker's page status and
   * render log), a render that completes writes them with its own bookkeeping and says so
   * (`RenderOutcome.recorded`).
   */
  render(job: RenderJob, jobId?: string, records?: PageRenderRecords): Promise<RenderOutcome>;
}

export interface PageRendererOptions {
  store: ObjectStore;
  index: DependencyIndex;
  upstream: UpstreamClient;
  /** Tag reads for category fronts (core/upstream/tag-client.ts). */
  tags: TagClient;
  /** Static page reads (core/upstream/static-page-client.ts). */
  staticPages: StaticPageClient;
  /** Show reads for /shows, /shows/{id} and the video area's show pages (core/upstream/show-client.ts). */
  shows: ShowClient;
  /** Live-event reads for /coverage/{page?} (core/upstream/live-event-client.ts). */
  liveEvents: LiveEventClient;
  /**
   * Per-edition clients (core/upstream/clients.ts `createEditionClients`), asking upstream for the
   * edition's language (ADR 0019). A site without an entry uses the clients above.
   */
  editions?: Partial<Record<SiteId, UpstreamClients>>;
  logger: Logger;
  /**
   * Public origin of each site for canonical and absolute links, without a trailing slash. The
   * Spanish edition has its own host (issue 4), so its pages must not name the news origin.
   */
  publicOrigins: Readonly<Record<SiteId, string>>;
  /** Hashed bundle script URLs every standard page loads. */
  scripts: string[];
  /** Clock, for the copyright year and the news sitemap's window; tests pin it. */
  now?: () => Date;
  /** The environment's ad-hoc gating switch (spec 2 §6). Default off. */
  adHocGating?: boolean;
  /**
   * Takes the page's fencing token (core/page-fence.ts) at the start of a render, so a render
   * never writes over a newer one's output (ADR 0009). Without it writes are not ordered: only
   * single-process tools may leave it out.
   */
  takeFence?: (page: PageRef) => Promise<number>;
  /**
   * Where side data's last good copies are kept for every worker (core/last-good.ts). Without it a
   * failed side read falls back to empty at once (and the page is degraded).
   */
  lastGood?: LastGoodStore;
  /**
   * The process's cache of upstream answers (core/upstream/read-reuse.ts, ADR 0029): a render
   * reuses an answer whose GET started after its job's requestedAt. Without it every read
   * is a GET.
   */
  readReuse?: ReadReuseCache;
}

const HTML = HTML_CONTENT_TYPE;

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const now = options.now ?? (() => new Date());
  const defaultFront = sectionFrontBuilder(options.tags);
  const frontBuilders = new Map<SiteId, ReturnType<typeof sectionFrontBuilder>>();
  const buildFrontFor = (site: SiteId) => {
    const tags = options.editions?.[site]?.tags;
    if (tags === undefined) return defaultFront;
    let builder = frontBuilders.get(site);
    if (builder === undefined) frontBuilders.set(site, (builder = sectionFrontBuilder(tags)));
    return builder;
  };

  return {
    async render(job, jobId, records) {
      const site = SITES[job.site];
      const page = { site: job.site, path: job.path };
      // Before any upstream read: a render that starts later reads newer data and takes a
      // higher token, so storage ends with the newest data whichever render finishes last.
      const fence = options.takeFence ? await options.takeFence(page) : undefined;
      const reads = new Set<string>();
      const log = options.logger.child({ page: { site: job.site, path: job.path } });
      const sideData = createRenderSideData(options.lastGood, job.site, (error, key) => log.warn({ error, sideData: key }, 'last good copy of side data unavailable'));
      const record = (key: string) => reads.add(key);
      // The job's requestedAt is the render's freshness bound: the latest request it serves
      // (ingest/coalescing.ts moves it when a request joins the job before it starts).
      const reuse = options.readReuse === undefined ? undefined : { cache: options.readReuse, freshAfter: Date.parse(job.requestedAt) };
      const recorder = { record, sideData, ...(reuse === undefined ? {} : { reuse }) };
      const clients = options.editions?.[job.site] ?? options;
      const client = clients.upstream.withRecorder(recorder);
      const clock = now();
      const ctx: PageBuildContext = {
        site,
        path: job.path,
        client,
        log,
        publicOrigin: options.publicOrigins[job.site],
        shellContext: { site, scripts: options.scripts, now: clock, alternates: editionAlternates(job.path, options.publicOrigins) },
        record,
        sideData,
        ...(reuse === undefined ? {} : { reuse }),
        now: clock,
      };

      // Unsafe URLs and iframe sandbox tokens dropped while building are logged on this page's log.
      const built = await withSkipLog(log, () =>
        route(ctx, {
          adHocGating: options.adHocGating ?? false,
          buildFront: buildFrontFor(job.site),
          staticPages: clients.staticPages.withRecorder(recorder),
          shows: clients.shows.withRecorder(recorder),
          liveEvents: clients.liveEvents.withRecorder(recorder),
        }),
      );
      // The copies this render read well are stored before it reports (a render that fails next
      // must find them), and what it could not read well is named.
      await sideData.settle();
      const { stale, missing } = sideDataFallbacks(sideData);
      // What the render log says of this render (core/page-status.ts), the rest filled in by publish.
      const renderRecord = (kind: string) => ({ jobId: jobId ?? null, reason: job.reason, kind, staleData: stale, missingData: missing });
      const publishRecords = (kind: string) => (records === undefined ? {} : { records: { stores: records, render: renderRecord(kind) } });
      if (stale.length > 0) log.warn({ sideData: { stale } }, 'side data read failed; rendered with its last good copy');
      if (built === null) {
        const deletion = await options.index.deletion(page);
        if (deletion === null) {
          // Nothing to write: the edge router answers with the stored 404 page. Whatever is stored
          // stays: only a content-delete event removes a page (DependencyIndex.markDeleted), so an
          // upstream that briefly answers 404 for live content cannot unpublish it.
          log.info('no content at this path; nothing written');
          const { recorded } = await commitPageRender(
            options.index,
            {
              page,
              dataKeys: reads,
              clearFailure: true,
              render: { ...renderRecord('not-found'), at: new Date().toISOString(), written: 0, kept: false },
            },
            records,
          );
          return { kind: 'not-found', written: [], unchanged: [], ...wasRecorded(recorded) };
        }
        // Deleted upstream: remove every stored variant, leaving the 404 page, or the redirect the
        // delete event named.
        const keys = pageKeys(job.site, job.path);
        const redirect = deletion.redirectTo;
        const result = await publishPage(options.store, options.index, {
          page,
          objects: redirect === undefined ? [] : [{ key: keys.redirect, body: redirectRecord(redirect), contentType: 'application/json', cacheControl: cacheControlFor('redirect') }],
          remove: PAGE_VARIANTS.filter((variant) => redirect === undefined || variant !== 'redirect').map((variant) => keys[variant]),
          dataKeys: [...reads],
          reason: job.reason,
          ...(jobId === undefined ? {} : { jobId }),
          ...(fence === undefined ? {} : { fence }),
          ...publishRecords(redirect === undefined ? 'deleted' : 'redirect'),
        });
        log.info({ deletion: { eventId: deletion.eventId, redirectTo: redirect ?? null }, removed: result.written.length }, 'content deleted upstream; stored page removed');
        return { kind: redirect === undefined ? 'deleted' : 'redirect', written: result.written, unchanged: result.unchanged, ...wasRecorded(result.recorded) };
      }
      // A path that now holds another kind of page must not keep an article's redirect record or
      // AMP/print variants from before (they would shadow it or linger).
      const remove = built.remove ?? (built.kind === 'article' || built.kind === 'redirect' ? [] : staleArticleKeys(job.site, job.path));
      // Side data with no good copy anywhere fell back to empty: such a page never replaces a
      // stored page that had the data (publish.ts keeps a stored page that was not degraded).
      const degraded = [built.degraded, missing.length > 0 ? `no good copy of side data: ${missing.join(', ')}` : undefined].filter((reason) => reason !== undefined).join('; ') || undefined;
      const result = await publishPage(options.store, options.index, {
        page,
        objects: built.objects,
        remove,
        dataKeys: [...reads],
        reason: job.reason,
        ...(jobId === undefined ? {} : { jobId }),
        ...(fence === undefined ? {} : { fence }),
        ...(degraded === undefined ? {} : { degraded }),
        // Content is here (again): a deletion recorded earlier no longer applies. Cleared by
        // publish in its admission's round trip.
        clearDeletion: true,
        ...publishRecords(built.kind),
      });
      const data = { ...(stale.length > 0 ? { staleData: stale } : {}), ...(missing.length > 0 ? { missingData: missing } : {}) };
      if (result.kept.length > 0) {
        log.warn({ degraded }, 'render degraded; the stored page is kept');
        return { kind: built.kind, written: [], unchanged: [], kept: result.kept, ...data, ...wasRecorded(result.recorded) };
      }
      if (degraded !== undefined) log.warn({ degraded }, 'render degraded; published (no good page was stored)');
      return { kind: built.kind, written: result.written, unchanged: result.unchanged, ...data, ...wasRecorded(result.recorded) };
    },
  };
}

/** `recorded` appears in an outcome only when true (outcomes without records read as before). */
function wasRecorded(recorded: boolean): { recorded?: true } {
  return recorded ? { recorded } : {};
}

function staleArticleKeys(site: SiteId, path: string): string[] {
  return [pageKey(site, path, 'redirect'), pageKey(site, path, 'amp'), pageKey(site, path, 'print')];
}

interface RouteDeps {
  adHocGating: boolean;
  buildFront: (ctx: PageBuildContext) => Promise<BuiltPage | null>;
  staticPages: StaticPageClient;
  shows: ShowClient;
  liveEvents: LiveEventClient;
}

async function route(ctx: PageBuildContext, deps: RouteDeps): Promise<BuiltPage | null> {
  const { path, site } = ctx;
  if (path === '/') return await buildHome(ctx);
  if (isCrawlerPath(path)) return await buildCrawlerFile(ctx);
  if (isSearchPagePath(path)) return await buildSearchPage(ctx);
  if (isPersonsListPath(path)) return await buildPersonsList(ctx);
  if (isPersonPagePath(path)) return await buildPersonPage(ctx);
  if (isStaticPath(path, site)) return await buildStaticPage(ctx, deps.staticPages);
  // Shows (spec 2 §2): /shows and /shows/{id}; a missing show is the 404 page, not a static page.
  if (path === SHOWS_LIST_PATH) return await buildShowsList(ctx, deps.shows);
  if (showIdFromPath(path) !== null) return await buildShowPage(ctx, deps.shows);
  // The video area, games and live events (spec 2 §2): their paths are never articles or fronts.
  if (isVideoAreaPath(path)) return await buildVideoArea(ctx, deps.shows);
  if (isGamesPath(path)) return await buildGamesPage(ctx);
  if (isLiveEventPath(path)) return await buildLiveEventPage(ctx, deps.liveEvents);

  const segments = path.slice(1).split('/');
  // Article pages have a section slug and an article slug (spec 1 §2.1 /{slug}/{article}).
  if (segments.length >= 2 && segments[0] !== 'category') {
    const article = await ctx.client.getArticleByPath(path);
    if (article) {
      return await renderArticle(article, {
        site,
        path,
        client: ctx.client,
        log: ctx.log,
        publicOrigin: ctx.publicOrigin,
        shellContext: ctx.shellContext,
        adHocGating: deps.adHocGating,
        now: ctx.now,
        sideData: ctx.sideData,
      });
    }
  }
  return (await deps.buildFront(ctx)) ?? (await buildStaticPage(ctx, deps.staticPages));
}

/** Home: a front built from the home layout's regions, like the section fronts (spec 1 §2.1). */
async function buildHome(ctx: PageBuildContext): Promise<BuiltPage> {
  const { site, client, log, publicOrigin } = ctx;
  const [shell, layout, latestVideos] = await Promise.all([
    loadShell(client, ctx.shellContext),
    client.getLayout('home', '/'),
    loadLatestVideos(client, { domain: site.layoutDomain, now: ctx.now }),
  ]);
  const regions = await loadFrontRegions(client, layout, log, { autoAds: true });
  const text = uiText(site.id);
  const head = buildHead({
    site,
    title: text.homeTitle,
    description: fillText(text.homeDescription, { site: site.name }),
    canonicalUrl: canonicalFor(publicOrigin, '/'),
    // Issue 15 item 8: the site and its publisher, with the site search crawlers may offer.
    structuredData: [webSiteJsonLd(site, publicOrigin), organizationJsonLd(site, publicOrigin)],
  });
  const home = renderDocument(
    createElement(SectionFrontPage, {
      model: { head, shell, view: { heading: site.name, isHome: true, sectionCode: 'home', regions } },
      bodyClass: 'page-home',
    }),
  );
  return {
    kind: 'home',
    objects: [
      { key: pageKey(site.id, '/', 'standard'), body: home, contentType: HTML, cacheControl: cacheControlFor('html') },
      notFoundPage(site, shell, publicOrigin, latestVideos),
    ],
  };
}

/**
 * The 404 page shares the home page's inputs (the shell); it is rendered with it so that a menu
 * change that re-renders home refreshes the 404 page too (ADR 0006). Its "Latest Videos" are read
 * with home's recorder, so a new latest-news video re-renders both; the list is hidden when no
 * videos load (spec 1 §2.2).
 */
function notFoundPage(site: SiteInfo, shell: Awaited<ReturnType<typeof loadShell>>, publicOrigin: string, latestVideos: VideoItem[]) {
  const head = buildHead({
    site,
    // Spec 1 §2.2, spec 2 §8: the 404 page reads 'This page could not be found' (the page-loading
    // layer's text, here the document title) above its visible texts.
    title: uiText(site.id).notFoundTitle,
    description: uiText(site.id).notFoundBody,
    canonicalUrl: canonicalFor(publicOrigin, '/'),
    noIndex: true,
  });
  // The 404 page answers for every missing path: it is no edition's counterpart of home.
  const { alternates: _homeAlternates, ...notFoundShell } = shell;
  const html = renderDocument(createElement(NotFoundPage, { model: { head, shell: notFoundShell, view: { latestVideos } } }));
  return { key: notFoundPageKey(site.id), body: html, contentType: HTML, cacheControl: cacheControlFor('notFound'), status: 404 };
}
