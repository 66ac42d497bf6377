/**
 * One render job, steps 1-5 of the render flow (docs/architecture.md): route the path to its page
 * kind, build the page (loading upstream data while recording every read, building the view model,
 * rendering to HTML or XML), and publish it (writing storage, skipping unchanged objects). Nothing
 * is written unless every step succeeded.
 *
 * Route → build → publish: the kinds and their order are render-workers/page-kinds.ts (the order
 * matters, see its header); the contract is render-workers/page-kind.ts (ADR 0036); what a page
 * stores and removes is render-workers/page-objects.ts.
 */
import type { DependencyIndex, PageRef } from '../core/dependency-index.js';
import type { Logger } from '../core/logger.js';
import type { RenderJob } from '../core/queue.js';
import { SITES, type SiteId } from '../core/isomorphic/sites.js';
import type { ObjectStore } from '../core/storage/types.js';
import type { UpstreamClient } from '../core/upstream/client.js';
import type { ReadReuseCache } from '../core/upstream/read-reuse.js';
import { createRenderSideData, type LastGoodStore, type RenderSideData } from '../core/upstream/side-data.js';
import type { UpstreamClients } from '../core/upstream/clients.js';
import type { StaticPageClient } from '../core/upstream/static-page-client.js';
import type { TagClient } from '../core/upstream/tag-client.js';
import type { ShowClient } from '../core/upstream/show-client.js';
import type { LiveEventClient } from '../core/upstream/live-event-client.js';
import { commitPageRender, type PageRenderRecords } from '../core/render-bookkeeping.js';
import type { PageKindContext } from './page-kind.js';
import { PAGE_KINDS, type AnyBuiltPage, type BuiltPageKind } from './page-kinds.js';
import { deletedPage, staleVariantKeys } from './page-objects.js';
import { publishPage } from './publish.js';
import { editionAlternates } from './shared/alternates.js';
import { withSkipLog } from './shared/skip-log.js';

/** What a render came to (RenderOutcome.kind, the render log's and the metrics' `kind`). */
export type OutcomeKind = BuiltPageKind | 'not-found' | 'deleted';

export interface RenderOutcome {
  /** What the path rendered as: 'home', 'article', 'redirect', 'section', 'static', 'feed', ..., 'not-found' or 'deleted'. */
  kind: OutcomeKind;
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
   * Spanish edition has its own host (SITE_HOSTS), so its pages must not name the news origin.
   */
  publicOrigins: Readonly<Record<SiteId, string>>;
  /** Hashed bundle script URLs every standard page loads. */
  scripts: string[];
  /** Clock, for the copyright year and the news sitemap's window; tests pin it. */
  now?: () => Date;
  /** The environment's ad-hoc gating switch (spec 2 §6). Default off. */
  adHocGating?: boolean;
  /**
   * Takes the page's fencing token (core/page-fence.ts `takePageFence`) at the start of a render,
   * so a render never writes over a newer one's output (ADR 0009). Required (ADR 0035): no caller
   * can forget the ordering.
   */
  takeFence: (page: PageRef) => Promise<number>;
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

/** `make()`, called on the first call only. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const now = options.now ?? (() => new Date());
  const adHocGating = options.adHocGating ?? false;

  return {
    async render(job, jobId, records) {
      const site = SITES[job.site];
      const page = { site: job.site, path: job.path };
      // Before any upstream read: a render that starts later reads newer data and takes a
      // higher token, so storage ends with the newest data whichever render finishes last.
      const fence = await options.takeFence(page);
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
      // Every upstream client bound to this render's recorder once, the page kinds' own clients
      // when the kind first asks for them: binding one builds all its methods, and most pages
      // (articles) use none of them.
      const tags = once(() => clients.tags.withRecorder(recorder));
      const staticPages = once(() => clients.staticPages.withRecorder(recorder));
      const shows = once(() => clients.shows.withRecorder(recorder));
      const liveEvents = once(() => clients.liveEvents.withRecorder(recorder));
      const ctx: PageKindContext = {
        site,
        path: job.path,
        client,
        get tags() {
          return tags();
        },
        get staticPages() {
          return staticPages();
        },
        get shows() {
          return shows();
        },
        get liveEvents() {
          return liveEvents();
        },
        adHocGating,
        log,
        publicOrigin: options.publicOrigins[job.site],
        shellContext: { site, scripts: options.scripts, now: clock, alternates: editionAlternates(job.path, options.publicOrigins) },
        record,
        sideData,
        ...(reuse === undefined ? {} : { reuse }),
        now: clock,
      };

      // Unsafe URLs and iframe sandbox tokens dropped while building are logged on this page's log.
      const built = await withSkipLog(log, () => build(ctx));
      // The copies this render read well are stored before it reports (a render that fails next
      // must find them), and what it could not read well is named.
      await sideData.settle();
      const { stale, missing } = sideDataFallbacks(sideData);
      // What the render log says of this render (core/page-status.ts), the rest filled in by publish.
      const renderRecord = (kind: OutcomeKind) => ({ jobId: jobId ?? null, reason: job.reason, kind, staleData: stale, missingData: missing });
      const publishRecords = (kind: OutcomeKind) => (records === undefined ? {} : { records: { stores: records, render: renderRecord(kind) } });
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
        const redirect = deletion.redirectTo;
        const result = await publishPage(options.store, options.index, {
          page,
          ...deletedPage(job.site, job.path, redirect),
          dataKeys: [...reads],
          reason: job.reason,
          ...(jobId === undefined ? {} : { jobId }),
          fence,
          ...publishRecords(redirect === undefined ? 'deleted' : 'redirect'),
        });
        log.info({ deletion: { eventId: deletion.eventId, redirectTo: redirect ?? null }, removed: result.written.length }, 'content deleted upstream; stored page removed');
        return { kind: redirect === undefined ? 'deleted' : 'redirect', written: result.written, unchanged: result.unchanged, ...wasRecorded(result.recorded) };
      }
      // A path that now holds another kind of page must not keep an article's redirect record or
      // AMP/print variants from before (they would shadow it or linger).
      const remove = built.remove ?? (built.kind === 'article' || built.kind === 'redirect' ? [] : staleVariantKeys(job.site, job.path));
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
        fence,
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

/**
 * Route and build: the first kind that claims the path builds it. A kind whose build finds nothing
 * either ends there (no page at this path) or, with `onNone: 'next-kind'`, hands the path on to the
 * next kind that claims it.
 */
async function build(ctx: PageKindContext): Promise<AnyBuiltPage | null> {
  for (const kind of PAGE_KINDS) {
    if (!kind.claims(ctx.path, ctx.site)) continue;
    const built: AnyBuiltPage | null = await kind.build(ctx);
    if (built !== null || kind.onNone !== 'next-kind') return built;
  }
  return null;
}
