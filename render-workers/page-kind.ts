/**
 * The page-kind contract (ADR 0036). A page kind names itself (`id`), says which paths it claims
 * and builds the page at a claimed path from one context; render-workers/page-kinds.ts lists the
 * kinds in routing order, and render-page.ts routes a job's path to the first kind that claims it,
 * builds and publishes. A builder loads what it needs through the context's clients (every read is
 * recorded as a data key), and returns the objects to store (render-workers/page-objects.ts builds
 * them), or null when there is no content at the path.
 */
import type { SiteInfo } from '../core/isomorphic/sites.js';
import type { LiveEventClient } from '../core/upstream/live-event-client.js';
import type { ShowClient } from '../core/upstream/show-client.js';
import type { StaticPageClient } from '../core/upstream/static-page-client.js';
import type { TagClient } from '../core/upstream/tag-client.js';
import type { Logger } from '../core/logger.js';
import type { UpstreamClient } from '../core/upstream/client.js';
import type { RenderReadReuse } from '../core/upstream/read-reuse.js';
import type { SideData } from '../core/upstream/side-data.js';
import type { ShellContext } from './shared/shell.js';
import type { RenderedObject } from './publish.js';

export interface PageBuildContext {
  site: SiteInfo;
  /** The normalised page path being rendered. */
  path: string;
  /** Upstream client that records each read for this render. */
  client: UpstreamClient;
  log: Logger;
  /** Public origin for canonical and absolute links, without a trailing slash. */
  publicOrigin: string;
  shellContext: ShellContext;
  /**
   * The render's side data (core/upstream/side-data.ts): a builder reading side data outside the
   * client's own side-data reads (the lists beside an article, a managed carousel) remembers and
   * recalls its last good copy here. The client's recorder carries the same object.
   */
  sideData: SideData;
  /**
   * The render's reuse of upstream answers and its freshness bound (ADR 0029), for a builder that
   * binds a process-wide client to this render (`withRecorder`). `client` already carries it.
   */
  reuse?: RenderReadReuse;
  /** Records a data key that is not an upstream read (e.g. `front:<path>`). */
  record(dataKey: string): void;
  /** The render's clock (feeds and sitemaps use it for their windows). */
  now: Date;
}

/**
 * What a page kind's `build` receives: the builders' context, with every upstream client bound to
 * this render's read recorder once (render-page.ts), for the edition of the job's site.
 */
export interface PageKindContext extends PageBuildContext {
  /** Tag reads (core/upstream/tag-client.ts): category fronts. */
  tags: TagClient;
  /** Static page reads (core/upstream/static-page-client.ts). */
  staticPages: StaticPageClient;
  /** Show reads (core/upstream/show-client.ts): /shows, /shows/{id} and the video area's show pages. */
  shows: ShowClient;
  /** Live-event reads (core/upstream/live-event-client.ts): /coverage/{page?}. */
  liveEvents: LiveEventClient;
  /** The environment's ad-hoc gating switch (spec 2 §6). */
  adHocGating: boolean;
}

/**
 * One kind of page. `Id` names the kind (logs, docs, tests); `Kind` is what its pages render as
 * (`BuiltPage.kind`, the render outcome's and the metrics' `kind`), which may be several
 * ('robots' | 'sitemap' | 'feed' for the crawler files, 'redirect' for a page that moved).
 */
export interface PageKind<Id extends string = string, Kind extends string = string> {
  readonly id: Id;
  /** Whether this kind answers for `path` (asked in the list's order; the first that claims it builds). */
  claims(path: string, site: SiteInfo): boolean;
  /** The page at `ctx.path`, or null when there is no content there. */
  build(ctx: PageKindContext): Promise<BuiltPage<Kind> | null>;
  /**
   * When `build` finds nothing: 'not-found' (the default) ends the routing, the path has no page;
   * 'next-kind' hands the path on to the next kind in the list that claims it (an article path
   * with no article may be a front, a front path with no front may be a static page).
   */
  readonly onNone?: 'not-found' | 'next-kind';
}

/**
 * Declares a page kind, keeping its literal id and page kinds for the list's union types. Its build
 * must name what its pages render as (`BuiltPage<'games' | 'game'>`, not `BuiltPage`):
 * page-kinds.ts does not compile otherwise.
 */
export function pageKind<const Id extends string, const Kind extends string>(kind: PageKind<Id, Kind>): PageKind<Id, Kind> {
  return kind;
}

export interface BuiltPage<Kind extends string = string> {
  /** What the page rendered as, for logs, metrics and the render outcome: 'section', 'static', 'feed', ... */
  kind: Kind;
  objects: RenderedObject[];
  /** Keys that must not exist after this render. */
  remove?: string[];
  /**
   * Set when part of the page's data failed and the page says so instead (a live event whose live
   * blog failed): why. Such a page never replaces a stored page that was not degraded,
   * which stays until a render succeeds (docs/architecture.md "Principles": a good page
   * is never replaced by a worse one); with nothing stored, or only a degraded page, it is published.
   */
  degraded?: string;
}
