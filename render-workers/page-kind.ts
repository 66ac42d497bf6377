/**
 * What every page builder receives for one render (render-page.ts routes a path to a builder).
 * A builder loads what it needs through `client` (every read is recorded as a data key), and
 * returns the objects to store, or null when there is no content at the path.
 */
import type { SiteInfo } from '../core/isomorphic/sites.js';
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

export interface BuiltPage {
  /** For logs and metrics: 'section', 'static', 'feed', ... */
  kind: string;
  objects: RenderedObject[];
  /** Keys that must not exist after this render. */
  remove?: string[];
  /**
   * Set when part of the page's data failed and the page says so instead (a live event whose live
   * blog failed, issue 15): why. Such a page never replaces a stored page that was not degraded,
   * which stays until a render succeeds (DESIGN.md: "when upstream fails the last good page
   * stays"); with nothing stored, or only a degraded page, it is published.
   */
  degraded?: string;
}
