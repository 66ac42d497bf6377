/**
 * Static and special pages (spec 1 §2.1, §2.3, §2.5): the page record from upstream
 * (core/upstream/static-page-client.ts, key `static-page:<path>`), its components rendered as
 * article body blocks (unknown ones logged and skipped), the title rule with the games exception,
 * the body class from the last path segment, and the header/footer rules of /gowatch and /connect.
 */
import { createElement } from 'react';
import { toPlainText } from '../blocks/sanitize.js';
import { SITES, type SiteInfo } from '../../core/isomorphic/sites.js';
import { isValidPagePath } from '../../core/storage/keys.js';
import type { StaticPage as StaticPageRecord, StaticPageClient } from '../../core/upstream/static-page-client.js';
import { toBlocks } from '../shared/load-blocks.js';
import { loadFrontRegions } from '../shared/load-components.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { renderDocument } from '../shared/render-html.js';
import type { HeadModel } from '../shared/view-model.js';
import {
  COOKIE_DEMO_PATH,
  FOOTER_HIDDEN_PATHS,
  HEADER_HIDDEN_PATHS,
  STATIC_PAGE_PATHS,
  staticBodyClass,
  translationStatementPath,
} from './paths.js';
import { StaticPage, type StaticPageView } from './static-page.js';
import { htmlObject } from '../page-objects.js';

/** Paths that are static pages of one site only: each site's translation statement (spec 1 §1). */
const SITE_ONLY_PATHS: ReadonlySet<string> = new Set(
  Object.values(SITES).flatMap((info) => {
    const statement = translationStatementPath(info);
    return statement === undefined || STATIC_PAGE_PATHS.includes(statement) ? [] : [statement];
  }),
);

/** Layout subtype of a static page's components (its elementId is the page path). */
export const STATIC_LAYOUT_SUBTYPE = 'static';

/** The section whose static pages use the meta title alone (spec 1 §2.5). */
export const GAMES_SECTION = 'games';

/**
 * Page shells the spec defines (spec 1 §2.3), rendered even when upstream has no record for them;
 * a record adds its meta data and components. The "On Air Personalities" shell is the persons list
 * (render-workers/people/build-persons-list.ts).
 */
const BUILT_IN_SHELLS: Readonly<Record<string, { title: string; description: string; noIndex: boolean }>> = {
  [COOKIE_DEMO_PATH]: { title: 'Cookie Demo', description: 'Set a test cookie in this browser.', noIndex: true },
};

function nonBlank(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/**
 * Spec 1 §2.5: the meta title or page title plus the site-name suffix, except the games section,
 * which uses the meta title alone (the page title when it has no meta title).
 */
export function staticPageTitle(record: Pick<StaticPageRecord, 'title' | 'meta_title' | 'section'>, site: SiteInfo): string {
  const base = toPlainText(nonBlank(record.meta_title) ?? record.title);
  return record.section === GAMES_SECTION ? base : `${base}${site.titleSuffix}`;
}

/** The record's canonical path when it names a valid page path, else the rendered path. */
function canonicalPath(record: StaticPageRecord | null, path: string): string {
  const url = record?.canonical_url;
  if (url === undefined) return path;
  try {
    const pathname = new URL(url, 'https://placeholder.invalid').pathname;
    return isValidPagePath(pathname) ? pathname : path;
  } catch {
    return path;
  }
}

/**
 * Builds the static page at `ctx.path`, or null when there is none: no upstream record (and no
 * built-in shell), or the translation statement on a site without the translation notice.
 * `staticPages` is the static page reader; its reads are recorded through `ctx.record`.
 */
export async function buildStaticPage(ctx: PageBuildContext, staticPages: StaticPageClient): Promise<BuiltPage<'static'> | null> {
  const { path, site, log } = ctx;
  const statement = translationStatementPath(site);
  // The translation statement belongs to the site whose notice links to it (spec 1 §1).
  if (path !== statement && SITE_ONLY_PATHS.has(path)) return null;

  const [record, shell, layout] = await Promise.all([
    staticPages.withRecorder({ record: (key) => ctx.record(key) }).getStaticPage(path),
    loadShell(ctx.client, ctx.shellContext, { topicUrl: path }),
    // A static page may place front components below its text (the contact form on /contact, the
    // TV guide on /schedule): the layout service per page (spec 1 §7), subtype `static` by path.
    ctx.client.getLayout(STATIC_LAYOUT_SUBTYPE, path),
  ]);
  const builtIn = BUILT_IN_SHELLS[path];
  if (record === null && builtIn === undefined) {
    log.info({ staticPage: { path } }, 'no static page at this path');
    return null;
  }

  if (record !== null && record.scripts.length > 0) {
    // Upstream scripts are never loaded into a stored page: interactive parts are islands
    // (docs/architecture.md). Logged so a page that needs one is noticed.
    log.warn({ staticPage: { path, scripts: record.scripts.length } }, 'static page scripts are not loaded');
  }

  const head: HeadModel = record
    ? {
        ...buildHead({
          site,
          title: '',
          description: toPlainText(nonBlank(record.meta_description) ?? record.description ?? ''),
          canonicalUrl: canonicalFor(ctx.publicOrigin, canonicalPath(record, path)),
          noIndex: record.robots_noindex,
          noFollow: record.robots_nofollow,
        }),
        title: staticPageTitle(record, site),
      }
    : buildHead({
        site,
        title: builtIn?.title ?? '',
        description: builtIn?.description ?? '',
        canonicalUrl: canonicalFor(ctx.publicOrigin, path),
        noIndex: builtIn?.noIndex ?? false,
        noFollow: builtIn?.noIndex ?? false,
      });

  const regions = layout === null ? null : await loadFrontRegions(ctx.client, layout, log);
  const view: StaticPageView = {
    heading: toPlainText(record?.title ?? builtIn?.title ?? ''),
    blocks: record ? toBlocks(record.components, log, { path }) : [],
    components: regions?.main ?? [],
    ...(path === COOKIE_DEMO_PATH ? { extra: 'cookie-demo' as const } : {}),
  };
  // Upstream stylesheets are dropped like its scripts: a third-party stylesheet can overlay,
  // restyle or (through attribute selectors) exfiltrate page content. Page styles ship with the site.
  if (record !== null && record.stylesheets.length > 0) {
    log.warn({ staticPage: { path, stylesheets: record.stylesheets.length } }, 'static page stylesheets are not loaded');
  }
  const stylesheets: string[] = [];

  const html = renderDocument(
    createElement(StaticPage, {
      head,
      shell,
      view,
      bodyClass: staticBodyClass(path),
      hideHeader: HEADER_HIDDEN_PATHS.includes(path),
      hideFooter: FOOTER_HIDDEN_PATHS.includes(path),
      stylesheets,
    }),
  );
  return {
    kind: 'static',
    objects: [htmlObject(site.id, path, html)],
  };
}
