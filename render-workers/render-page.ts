/**
 * One render job, steps 1-5 of DESIGN.md's flow: resolve the path to a page kind, load upstream
 * data while recording every read, build the view model, render React to HTML, and write storage
 * (skipping unchanged objects). Nothing is written unless every step succeeded.
 */
import { createElement } from 'react';
import type { DependencyIndex } from '../core/dependency-index.js';
import type { Logger } from '../core/logger.js';
import type { RenderJob } from '../core/queue.js';
import { SITES, type SiteInfo } from '../core/isomorphic/sites.js';
import { cacheControlFor } from '../core/storage/cache-policy.js';
import { notFoundPageKey, pageKey } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import type { UpstreamClient } from '../core/upstream/client.js';
import { dataKeys } from '../core/upstream/data-keys.js';
import { toPlainText } from './blocks/sanitize.js';
import { loadListSections } from './load/front.js';
import { buildHead, canonicalFor, loadShell } from './load/shell.js';
import { renderArticle } from './article/render-article.js';
import { FrontPage } from './pages/front-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { publishPage, type RenderedObject } from './publish.js';
import { renderDocument } from './render-html.js';

export type PageKind = 'home' | 'section' | 'article' | 'redirect' | 'not-found';

export interface RenderOutcome {
  kind: PageKind;
  written: string[];
  unchanged: string[];
}

export interface PageRenderer {
  render(job: RenderJob, jobId?: string): Promise<RenderOutcome>;
}

export interface PageRendererOptions {
  store: ObjectStore;
  index: DependencyIndex;
  upstream: UpstreamClient;
  logger: Logger;
  /** Public origin for canonical links, without a trailing slash. */
  publicOrigin: string;
  /** Hashed bundle script URLs every standard page loads. */
  scripts: string[];
  /** Clock, for the copyright year; tests pin it. */
  now?: () => Date;
  /** The environment's ad-hoc gating switch (spec 2 §6). Default off. */
  adHocGating?: boolean;
}

const HTML = 'text/html; charset=utf-8';

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const now = options.now ?? (() => new Date());

  return {
    async render(job, jobId) {
      const site = SITES[job.site];
      const reads = new Set<string>();
      const client = options.upstream.withRecorder({ record: (key) => reads.add(key) });
      const log = options.logger.child({ page: { site: job.site, path: job.path } });
      const context = { site, scripts: options.scripts, now: now(), adHocGating: options.adHocGating ?? false };

      const built = await buildPage(job.path, site, client, log, options.publicOrigin, context, (key) => reads.add(key));
      if (built.kind === 'not-found') {
        // Nothing to write: the edge router answers with the stored 404 page. Deleting what was
        // stored for a removed page is the content-delete event's job (ingest), not a render's.
        log.info('no content at this path; nothing written');
        await options.index.record({ site: job.site, path: job.path }, reads);
        return { kind: 'not-found', written: [], unchanged: [] };
      }
      const result = await publishPage(options.store, options.index, {
        page: { site: job.site, path: job.path },
        objects: built.objects,
        ...(built.remove ? { remove: built.remove } : {}),
        dataKeys: [...reads],
        reason: job.reason,
        ...(jobId === undefined ? {} : { jobId }),
      });
      return { kind: built.kind, written: result.written, unchanged: result.unchanged };
    },
  };
}

type Built = { kind: 'not-found' } | { kind: Exclude<PageKind, 'not-found'>; objects: RenderedObject[]; remove?: string[] };

async function buildPage(
  path: string,
  site: SiteInfo,
  client: UpstreamClient,
  log: Logger,
  publicOrigin: string,
  context: { site: SiteInfo; scripts: string[]; now: Date; adHocGating: boolean },
  record: (dataKey: string) => void,
): Promise<Built> {
  const segments = path === '/' ? [] : path.slice(1).split('/');

  if (segments.length === 0) {
    const [shell, layout] = await Promise.all([loadShell(client, context), client.getLayout('home', '/')]);
    const sections = await loadListSections(client, layout?.main ?? [], log);
    const head = buildHead({
      site,
      title: 'Breaking News, Latest News and Videos',
      description: `Latest news and videos from ${site.name}.`,
      canonicalUrl: canonicalFor(publicOrigin, '/'),
    });
    const home = renderDocument(
      createElement(FrontPage, { model: { head, shell, view: { heading: site.name, sections } }, bodyClass: 'page-home', isHome: true }),
    );
    // The 404 page shares the home page's inputs (the shell); it is rendered with it so that a menu
    // change that re-renders home refreshes the 404 page too. Its video list arrives with the
    // video issue and is hidden while empty (spec 1 §2.2).
    const notFoundHead = buildHead({
      site,
      title: 'Page not found',
      description: "It seems you've stumbled upon our 404 page.",
      canonicalUrl: canonicalFor(publicOrigin, '/'),
      noIndex: true,
    });
    const notFound = renderDocument(
      createElement(NotFoundPage, { model: { head: notFoundHead, shell, view: { latestVideos: [] } } }),
    );
    return {
      kind: 'home',
      objects: [
        { key: pageKey(site.id, '/', 'standard'), body: home, contentType: HTML, cacheControl: cacheControlFor('html') },
        { key: notFoundPageKey(site.id), body: notFound, contentType: HTML, cacheControl: cacheControlFor('notFound'), status: 404 },
      ],
    };
  }

  // Article pages have a section slug and an article slug (spec 1 §2.1 /{slug}/{article}).
  if (segments.length >= 2 && segments[0] !== 'category') {
    const article = await client.getArticleByPath(path);
    if (article) {
      const outcome = await renderArticle(article, {
        site,
        path,
        client,
        log,
        publicOrigin,
        shellContext: context,
        adHocGating: context.adHocGating,
      });
      return { kind: outcome.kind, objects: outcome.objects, remove: outcome.remove };
    }
  }

  const category = await client.getCategoryByPath(path);
  if (category) {
    // Marks this page as a section front for ingest's fronts schedule (ingest/fronts.ts).
    record(dataKeys.front(path));
    const [shell, layout] = await Promise.all([loadShell(client, context, { topicUrl: path, sectionUrl: category.url }), client.getLayout('section', category.path)]);
    const sections = await loadListSections(client, layout?.main ?? [], log);
    const heading = category.customHeadline?.trim() ? category.customHeadline : category.title;
    const head = buildHead({
      site,
      // Spec 1 §2.4: the category meta title, or the title, plus the site-name suffix.
      title: toPlainText(category.metaTitle ?? category.title),
      description: toPlainText(category.description ?? ''),
      canonicalUrl: canonicalFor(publicOrigin, path),
    });
    const html = renderDocument(
      createElement(FrontPage, {
        model: { head, shell, view: { heading: toPlainText(heading), ...(category.description ? { description: toPlainText(category.description) } : {}), sections } },
        bodyClass: `page-section section-${category.slug}`,
        isHome: false,
      }),
    );
    return {
      kind: 'section',
      objects: [{ key: pageKey(site.id, path, 'standard'), body: html, contentType: HTML, cacheControl: cacheControlFor('html') }],
    };
  }

  return { kind: 'not-found' };
}
